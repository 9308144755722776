import type { Kysely } from 'kysely';
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
  await db
    .insertInto('audit_log')
    .values({
      merchant_id: entry.merchantId,
      actor_user_id: entry.actorUserId,
      actor_role: entry.actorRole,
      action: entry.action,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}
