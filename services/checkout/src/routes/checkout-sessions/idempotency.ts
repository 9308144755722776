import { CheckoutSessionsRepository, type Db, type IdempotencyKeyScope } from '@groupsplit/shared';
import { IDEMPOTENCY_REMEMBERED_HOURS as REMEMBERED_HOURS, reusedKey } from '../../idempotency-key';

export type IdempotencyScope = IdempotencyKeyScope;

/** The session a live (under 24 hours old) key created, or undefined; 409 when the body differs. */
export async function replayFor(db: Db, scope: IdempotencyScope, hash: string) {
  const row = await new CheckoutSessionsRepository(db).liveIdempotencyKey(scope, REMEMBERED_HOURS);
  if (!row) return undefined;
  if (row.request_hash !== hash) throw reusedKey();
  return row.session_token;
}

/**
 * Claims the key for a session inside the creating transaction. A concurrent request with the
 * same key waits on the primary key until this one commits, then finds it taken: it returns
 * false and that request rolls back and replays. A key older than 24 hours is forgotten first.
 */
export function claimKey(trx: Db, scope: IdempotencyScope, hash: string, token: string) {
  return new CheckoutSessionsRepository(trx).claimIdempotencyKey(scope, hash, token, REMEMBERED_HOURS);
}
