import type { Kysely } from 'kysely';
import { AuditLogRepository } from '../db/repositories/audit-log';
import type { Database } from '../db/types';
import type { Role } from './policy';

export type AuditEntry = {
  merchantId: string;
  actorUserId: string | null;
  /** Role at the time, or a non-member actor such as `support` or `system`. */
  actorRole: Role | 'support' | 'system';
  action: string;
  before?: unknown;
  after?: unknown;
};

/** Appends to the immutable history; pass the transaction that makes the change so both land together. */
export async function recordAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await new AuditLogRepository(db).record(entry);
}
