import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * One registry per process. In production every service is its own process; in tests the
 * whole stack shares one, which is why every HTTP series carries a `service` label.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'groupsplit_process_' });

export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

type MetricNaming<L extends string> = { name: string; help: string; labelNames: readonly L[] };

/** A counter on the process's registry. */
const counter = <L extends string>(naming: MetricNaming<L>) =>
  new Counter<L>({ ...naming, registers: [metricsRegistry] });

/** A latency histogram (seconds, LATENCY_BUCKETS) on the process's registry. */
const latencyHistogram = <L extends string>(naming: MetricNaming<L>) =>
  new Histogram<L>({ ...naming, buckets: LATENCY_BUCKETS, registers: [metricsRegistry] });

/**
 * Something both counted and timed (a request served, a processor call): a counter and a latency
 * histogram on the same labels, always recorded together by `record`, so the two cannot drift.
 */
function countedAndTimed<L extends string>(
  labelNames: readonly L[],
  count: Omit<MetricNaming<L>, 'labelNames'>,
  latency: Omit<MetricNaming<L>, 'labelNames'>,
) {
  const total = counter({ ...count, labelNames });
  const duration = latencyHistogram({ ...latency, labelNames });
  return {
    /** One more, which took from `startedAt` (a `performance.now()`) until now. */
    record(labels: Record<L, string>, startedAt: number) {
      total.inc(labels);
      duration.observe(labels, (performance.now() - startedAt) / 1000);
    },
  };
}

/** `route` is the matched route pattern (bounded), never the raw path. */
export const httpRequests = countedAndTimed(
  ['service', 'method', 'route', 'status'],
  {
    name: 'groupsplit_http_requests_total',
    help: 'HTTP requests served, by service, method, matched route pattern and status',
  },
  {
    name: 'groupsplit_http_request_duration_seconds',
    help: 'HTTP request latency, by service, method, matched route pattern and status',
  },
);

export const processorCalls = countedAndTimed(
  ['operation', 'mode', 'outcome'],
  {
    name: 'groupsplit_processor_calls_total',
    help: 'Payment processor calls, by operation, mode and outcome (ok or error)',
  },
  {
    name: 'groupsplit_processor_call_duration_seconds',
    help: 'Payment processor call latency, by operation, mode and outcome',
  },
);

export const processorCallErrors = counter({
  name: 'groupsplit_processor_call_errors_total',
  help: 'Failed payment processor calls, by operation, mode, error kind and whether retryable',
  labelNames: ['operation', 'mode', 'kind', 'retryable'] as const,
});

export const webhookDeliveries = counter({
  name: 'groupsplit_webhook_deliveries_total',
  help: 'Merchant webhook delivery attempts, by event type and outcome (succeeded, failed, skipped)',
  labelNames: ['event_type', 'outcome'] as const,
});

export const janitorFindings = counter({
  name: 'groupsplit_janitor_findings_total',
  help: 'Drift found by the reconciliation janitor, by kind and what it did (signalled or flagged)',
  labelNames: ['kind', 'action'] as const,
});

export const janitorSweeps = counter({
  name: 'groupsplit_janitor_sweeps_total',
  help: 'Reconciliation janitor sweeps, by outcome',
  labelNames: ['outcome'] as const,
});

/** Outgoing e-mails by template and outcome (sent, suppressed, failed: given up after every attempt). */
export const emailsSent = counter({
  name: 'groupsplit_emails_total',
  help: 'E-mails handled, by template and outcome (sent, suppressed for an unsubscribed address, failed)',
  labelNames: ['template', 'outcome'] as const,
});
