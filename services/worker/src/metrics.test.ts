import { createServer } from 'node:net';
import { createLogger, randomToken, saveWebhookSecret, saveWebhookUrl } from '@groupsplit/shared';
import {
  authoriseShare,
  createSplitReadyMerchant,
  emulatorControl,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  startStack,
  startWebhookReceiver,
  uniqueEmail,
  type WebhookReceiver,
} from '@groupsplit/testing';
import { webhookSweepWorkflow } from '@groupsplit/workflows';
import { startWorkerMetricsServer } from './metrics';
import { installWorkerRuntime } from './worker';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Every sample line of one metric, e.g. `name{a="b"} 3`. */
const samples = (text: string, name: string) => text.split('\n').filter((line) => line.startsWith(`${name}{`));

describe('Prometheus metrics', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;
  let workerMetrics: Awaited<ReturnType<typeof startWorkerMetricsServer>>;
  let splitId: string;
  let endpoint: WebhookReceiver;

  beforeAll(async () => {
    // Before startStack, so this process's Temporal runtime exports the worker's own metrics.
    const temporalMetrics = `127.0.0.1:${await freePort()}`;
    installWorkerRuntime(createLogger('metrics-test', 'silent'), 'WARN', temporalMetrics);
    stack = await startStack({ METRICS_TOKEN });
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
    endpoint = await startWebhookReceiver();
    await saveWebhookUrl(stack.db, shop.merchant.id, 'test', endpoint.url);
    await saveWebhookSecret(stack.db, stack.config, shop.merchant.id, 'test', `whsec_${randomToken(24)}`);
    workerMetrics = await startWorkerMetricsServer({
      db: stack.db,
      logger: createLogger('metrics-test', 'silent'),
      port: 0,
      host: '127.0.0.1',
      temporalMetricsUrl: `http://${temporalMetrics}/metrics`,
    });

    // Traffic: a merchant read, a split with one authorised share, its detail, and a failed hold.
    expect((await stack.api.get('/api/merchants/me', { token: shop.owner.token })).status).toBe(200);
    const created = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: [1000, 1000].map((amountMinor) => ({ email: uniqueEmail('payer'), amountMinor })),
    });
    expect(created.status).toBe(201);
    splitId = created.body.id;
    await authoriseShare(stack, created.body.participants[0].payToken);
    expect((await stack.api.get(`/api/checkout-splits/${splitId}`, { token: shop.owner.token })).status).toBe(200);
    await emulatorControl(stack, 'POST', '/faults', {
      operation: 'create',
      match: { amount: 777 + 20 },
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    const declined = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      participants: [777, 500].map((amountMinor) => ({ email: uniqueEmail('payer'), amountMinor })),
    });
    expect(declined.status).toBe(400);
    // Split activities record events; the sweeper hands them to delivery.
    await stack.temporal.client.workflow.execute(webhookSweepWorkflow, {
      workflowId: `webhook-sweep-metrics:${randomToken(8)}`,
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      args: [{ olderThanMs: 0, merchantId: shop.merchant.id }],
    });
  });
  afterAll(async () => {
    workerMetrics?.server.close();
    await endpoint?.close();
    await stack.stop();
  });

  const scrape = async (url: string, headers: Record<string, string> = {}) => {
    const response = await fetch(url, { headers });
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };

  it('the gateway serves /metrics only to a scraper with the metrics token', async () => {
    const url = `${stack.urls.gateway}/metrics`;
    expect(await scrape(url)).toMatchObject({
      status: 404,
      text: JSON.stringify({ error: 'Not found', code: 'route_not_found' }),
    });
    expect((await scrape(url, { authorization: 'Bearer wrong-token-wrong-token-1234' })).status).toBe(404);
    expect((await scrape(url, { authorization: `Bearer ${stack.config.INTERNAL_SIGNING_SECRET}` })).status).toBe(404);
    const ok = await scrape(url, { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(ok.status).toBe(200);
    expect(ok.type).toContain('text/plain');
    expect(samples(ok.text, 'groupsplit_http_requests_total')).toContainEqual(
      expect.stringMatching(
        /^groupsplit_http_requests_total\{service="gateway",method="GET",route="\/api\/merchants\/\*\*",status="200"\} \d+$/,
      ),
    );
    expect(ok.text).toMatch(
      /^groupsplit_http_request_duration_seconds_bucket\{le="[\d.+Inf]+",service="gateway",method="GET",route="\/api\/checkout-splits\/\*\*",status="200"\} \d+$/m,
    );
  });

  it('each service labels requests by route pattern and status, never by raw path', async () => {
    for (const service of ['merchants', 'checkout', 'emulator'] as const) {
      const { status, text } = await scrape(`${stack.urls[service]}/metrics`);
      expect(status).toBe(200);
      // Labels stay bounded: no split id, pay token or PaymentIntent id ever becomes one.
      expect(text).not.toContain(splitId);
      expect(text).not.toMatch(/route="[^"]*pi_/);
    }
    const { text } = await scrape(`${stack.urls.checkout}/metrics`);
    const requests = samples(text, 'groupsplit_http_requests_total');
    expect(requests).toContainEqual(
      expect.stringMatching(/service="merchants",method="GET",route="\/api\/merchants\/me",status="200"/),
    );
    expect(requests).toContainEqual(
      expect.stringMatching(/service="checkout",method="GET",route="\/api\/checkout-splits\/:id",status="200"/),
    );
    expect(requests).toContainEqual(
      expect.stringMatching(/service="checkout",method="POST",route="\/api\/checkout-splits",status="400"/),
    );
    expect(requests).toContainEqual(
      expect.stringMatching(/service="processor-emulator",method="POST",route="\/v1\/\{\*rest\}",status="200"/),
    );
    expect(text).toContain('# TYPE groupsplit_http_request_duration_seconds histogram');
  });

  it('the worker exports splits by status, processor calls, webhook deliveries, janitor and Temporal worker metrics', async () => {
    let text = '';
    const deadline = Date.now() + 30_000;
    // Webhook deliveries run in their own workflows: poll until the first attempt is counted.
    while (!text.includes('groupsplit_webhook_deliveries_total{')) {
      if (Date.now() > deadline) throw new Error(`no webhook delivery metric:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      text = (await scrape(workerMetrics.url)).text;
    }
    expect(samples(text, 'groupsplit_splits')).toContainEqual(
      expect.stringMatching(/^groupsplit_splits\{status="pending",mode="test"\} [1-9]\d*$/),
    );
    expect(samples(text, 'groupsplit_splits')).toContainEqual(
      expect.stringMatching(/^groupsplit_splits\{status="creation_failed",mode="test"\} [1-9]\d*$/),
    );
    expect(samples(text, 'groupsplit_processor_calls_total')).toContainEqual(
      expect.stringMatching(/operation="hold.create",mode="test",outcome="ok"/),
    );
    expect(text).toMatch(
      /^groupsplit_processor_call_duration_seconds_count\{operation="hold.retrieve",mode="test",outcome="ok"\} \d+$/m,
    );
    expect(samples(text, 'groupsplit_processor_call_errors_total')).toContainEqual(
      expect.stringMatching(
        /^groupsplit_processor_call_errors_total\{operation="hold.create",mode="test",kind="card_declined",retryable="false"\} [1-9]/,
      ),
    );
    expect(samples(text, 'groupsplit_webhook_deliveries_total')).toContainEqual(
      expect.stringMatching(/event_type="checkout_split.participant_authorised",outcome="succeeded"/),
    );
    expect(text).toContain('# TYPE groupsplit_janitor_open_findings gauge');
    expect(text).toContain('# TYPE groupsplit_janitor_findings_total counter');
    // The gauges the alerts read (deploy/prometheus/alerts.yml), with a value even when all is well.
    expect(samples(text, 'groupsplit_split_oldest_in_status_seconds')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^groupsplit_split_oldest_in_status_seconds\{status="capturing"\} [\d.]+$/),
        expect.stringMatching(/^groupsplit_split_oldest_in_status_seconds\{status="canceling"\} [\d.]+$/),
      ]),
    );
    expect(text).toMatch(/^groupsplit_webhook_outbox_oldest_undispatched_seconds [\d.e+-]+$/m);
    expect(text).toMatch(/^groupsplit_webhook_oldest_undelivered_seconds [\d.e+-]+$/m);
    expect(samples(text, 'groupsplit_emails_total')).toContainEqual(expect.stringMatching(/outcome="sent"\} [1-9]/));
    expect(text).toMatch(/^temporal_\w+/m);
    expect(text).not.toContain('temporal core metrics unavailable');
    expect((await scrape(workerMetrics.url.replace('/metrics', '/other'))).status).toBe(404);
  });
});
