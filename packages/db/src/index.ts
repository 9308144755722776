import { Kysely, PostgresDialect } from 'kysely';
import { Pool, types } from 'pg';
import { PreparingClient } from './prepared-statements';
import type { Database, Db } from './types';

// BIGINT columns hold pence and counters well inside Number's safe range.
types.setTypeParser(20, (value) => Number(value));

export function createDb(databaseUrl: string, poolSize = 10): Db {
  const pool = new Pool({ connectionString: databaseUrl, max: poolSize, Client: PreparingClient });
  // An idle connection dropped by the server (restart, failover) must not crash the process;
  // the pool replaces it on next use.
  pool.on('error', (error) => console.warn(`postgres pool: idle connection lost: ${error.message}`));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export async function isDbReachable(db: Db): Promise<boolean> {
  try {
    await db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
    return true;
  } catch {
    return false;
  }
}

export { BASELINES, type Baselines } from './baseline';
export * from './connection-lost';
export * from './gauges';
export { MIGRATIONS_DIR, type MigrationOptions, runMigrations } from './migrate';
export { listenForNotifications, type NotificationFeed } from './notification-feed';
export { preparedStatement } from './prepared-statements';
export * from './repositories';
export { CAPTURE_CHOICES, type CaptureChoice, type InvitationPlan } from './schema/checkout';
export { PARTICIPANT_STATUSES, SPLIT_STATUSES } from './schema/splits';
export type { WebhookDeliveriesTable } from './schema/webhooks';
export type { Database, Db } from './types';
