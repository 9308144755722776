import type { Role } from '@groupsplit/core';
import type { Database } from '@groupsplit/db';
import { AuditLogRepository } from '@groupsplit/db';
import type { Kysely } from 'kysely';

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

/** Who a signed-in change is made by: `MerchantContext`'s business, person and role. */
export type AuditCaller = { merchant: { id: string }; userId: string; role: Role };

/**
 * The entry of a change the signed-in caller made to their own business, in the transaction that
 * makes it. Where the change was checked against the role read again under the transaction's lock,
 * pass that role (`{ ...context, role: callerRole }`): it is the one the change was allowed by.
 */
export function recordCallerAudit(
  db: Kysely<Database>,
  caller: AuditCaller,
  action: string,
  change: { before?: unknown; after?: unknown },
): Promise<void> {
  const { merchant, userId, role } = caller;
  return recordAudit(db, { merchantId: merchant.id, actorUserId: userId, actorRole: role, action, ...change });
}
