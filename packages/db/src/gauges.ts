import { metricsRegistry } from '@groupsplit/metrics';
import { Gauge, type GaugeConfiguration } from 'prom-client';
import { JanitorRepository } from './repositories/janitor';
import { WebhookEventsRepository } from './repositories/outbox';
import { SplitOperationsRepository } from './repositories/split-operations';
import type { Db } from './types';

let source: Db | null = null;

/**
 * A gauge read from the database at scrape time: emptied (0 when it has no labels) before each read,
 * and left so in a process that never called enableDatabaseGauges.
 */
function databaseGauge<L extends string>(
  config: Pick<GaugeConfiguration<L>, 'name' | 'help' | 'labelNames'>,
  read: (db: Db, gauge: Gauge<L>) => Promise<void>,
): Gauge<L> {
  return new Gauge<L>({
    ...config,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      if (source) await read(source, this);
    },
  });
}

/** Splits by status and mode, read from the projection at scrape time. */
const splitsByStatus = databaseGauge(
  {
    name: 'groupsplit_splits',
    help: 'Splits by current status and mode (from the database at scrape time)',
    labelNames: ['status', 'mode'] as const,
  },
  async (db, gauge) => {
    const rows = await new SplitOperationsRepository(db).countByStatusAndMode();
    for (const row of rows) gauge.set({ status: row.status, mode: row.mode }, row.count);
  },
);

/** Open janitor findings by kind: what support still has to look at. */
const openFindings = databaseGauge(
  {
    name: 'groupsplit_janitor_open_findings',
    help: 'Open reconciliation janitor findings by kind (from the database at scrape time)',
    labelNames: ['kind'] as const,
  },
  async (db, gauge) => {
    const rows = await new JanitorRepository(db).openFindingCountsByKind();
    for (const row of rows) gauge.set({ kind: row.kind }, row.count);
  },
);

/** How long the longest-waiting split has been in capturing or canceling: a few seconds is normal, minutes is stuck. */
const oldestInStatus = databaseGauge(
  {
    name: 'groupsplit_split_oldest_in_status_seconds',
    help: 'Seconds the longest-waiting split has been in capturing or canceling (0 when none is)',
    labelNames: ['status'] as const,
  },
  async (db, gauge) => {
    for (const status of WATCHED_STATUSES) gauge.set({ status }, 0);
    const rows = await new SplitOperationsRepository(db).oldestInStatus([...WATCHED_STATUSES]);
    for (const row of rows) gauge.set({ status: row.status }, row.seconds);
  },
);
const WATCHED_STATUSES = ['capturing', 'canceling'] as const;

/** The outbox lag: the oldest merchant event nobody has handed to delivery yet (our side, not the merchant's). */
const oldestUndispatchedEvent = databaseGauge(
  {
    name: 'groupsplit_webhook_outbox_oldest_undispatched_seconds',
    help: 'Age in seconds of the oldest webhook event not yet handed to delivery (0 when none)',
  },
  async (db, gauge) => {
    gauge.set((await new WebhookEventsRepository(db).oldestUndispatchedSeconds()) ?? 0);
  },
);

/**
 * The oldest merchant event of the last three days that has neither reached its endpoint nor been
 * given up on (still being retried): a merchant's endpoint down, or our egress broken.
 */
const oldestUndeliveredEvent = databaseGauge(
  {
    name: 'groupsplit_webhook_oldest_undelivered_seconds',
    help: 'Age in seconds of the oldest webhook event (last 3 days) neither delivered nor given up (0 when none)',
  },
  async (db, gauge) => {
    gauge.set((await new WebhookEventsRepository(db).oldestUndeliveredSeconds()) ?? 0);
  },
);

/**
 * Turns on the database-backed gauges in this process. Only the worker calls it, so a fleet
 * of HTTP services does not run the same count queries on every scrape.
 */
export function enableDatabaseGauges(db: Db) {
  source = db;
  return { splitsByStatus, openFindings, oldestInStatus, oldestUndispatchedEvent, oldestUndeliveredEvent };
}
