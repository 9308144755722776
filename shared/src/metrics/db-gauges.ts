import { sql } from 'kysely';
import { Gauge } from 'prom-client';
import { type Db, SplitOperationsRepository } from '../db';
import { metricsRegistry } from './registry';

let source: Db | null = null;

/** Splits by status and mode, read from the projection at scrape time. */
const splitsByStatus = new Gauge({
  name: 'groupsplit_splits',
  help: 'Splits by current status and mode (from the database at scrape time)',
  labelNames: ['status', 'mode'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    if (!source) return;
    const rows = await new SplitOperationsRepository(source).countByStatusAndMode();
    for (const row of rows) this.set({ status: row.status, mode: row.mode }, row.count);
  },
});

/** Open janitor findings by kind: what support still has to look at. */
const openFindings = new Gauge({
  name: 'groupsplit_janitor_open_findings',
  help: 'Open reconciliation janitor findings by kind (from the database at scrape time)',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    if (!source) return;
    const rows = await source
      .selectFrom('janitor_findings')
      .select(['kind', sql<number>`count(*)::int`.as('count')])
      .where('resolved_at', 'is', null)
      .groupBy('kind')
      .execute();
    for (const row of rows) this.set({ kind: row.kind }, row.count);
  },
});

/**
 * Turns on the database-backed gauges in this process. Only the worker calls it, so a fleet
 * of HTTP services does not run the same count queries on every scrape.
 */
export function enableDatabaseGauges(db: Db) {
  source = db;
  return { splitsByStatus, openFindings };
}
