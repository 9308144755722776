import type { Db } from '../types';

/** One row of the immutable audit trail (`audit_log`). */
export type AuditRow = {
  merchantId: string;
  actorUserId: string | null;
  /** Role at the time, or a non-member actor such as `support` or `system`. */
  actorRole: string;
  action: string;
  before?: unknown;
  after?: unknown;
  /** `refused`: an action turned down, which changed nothing (default `accepted`). */
  outcome?: 'accepted' | 'refused';
  /** The action's stable id, for a writer that may retry: the row is written once. */
  dedupeKey?: string;
};

/**
 * The one place that writes `audit_log` (the database refuses UPDATE and DELETE on it). The
 * merchants service records team, key and business changes in its requests' transactions; the
 * worker records support's actions (the split workflow's `recordSupportAction`, and the support
 * CLI's merchant commands). Pass the transaction that makes the change so both land together.
 */
export class AuditLogRepository {
  constructor(private readonly db: Db) {}

  async record(row: AuditRow): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({
        merchant_id: row.merchantId,
        actor_user_id: row.actorUserId,
        actor_role: row.actorRole,
        action: row.action,
        before: row.before === undefined ? null : JSON.stringify(row.before),
        after: row.after === undefined ? null : JSON.stringify(row.after),
        ...(row.outcome ? { outcome: row.outcome } : {}),
        dedupe_key: row.dedupeKey ?? null,
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
  }
}
