import { type Db, type ServiceMode, SplitIdempotencyKeysRepository } from '@groupsplit/shared';
import { IDEMPOTENCY_REMEMBERED_HOURS, reusedKey } from '../../idempotency-key';

export type SplitKeyScope = { merchantId: string; mode: ServiceMode; key: string };

/**
 * The split id an `Idempotency-Key` names on POST /api/checkout-splits (docs/splits.md, "Retrying a
 * create"). The first request with a key claims a new id before the workflow starts; every retry
 * with the same key and body gets that id back (`replay`), so it joins the same `split:<id>` workflow
 * instead of placing a second set of holds. The same key with another body is 409
 * `idempotency_key_reused`. Concurrent first requests meet on the primary key: one inserts, the
 * others read its row. A key older than 24 hours is forgotten first.
 */
export async function claimSplitId(
  db: Db,
  scope: SplitKeyScope,
  hash: string,
): Promise<{ splitId: string; replay: boolean }> {
  const key = await new SplitIdempotencyKeysRepository(db).claim(scope, hash, IDEMPOTENCY_REMEMBERED_HOURS);
  if (key.claimed) return { splitId: key.splitId, replay: false };
  if (key.requestHash !== hash) throw reusedKey();
  return { splitId: key.splitId, replay: true };
}

/**
 * A create that was refused (the processor's 400, a billing gate) made no split: the key is let go,
 * so the same request can be sent again once the cause is fixed, as a request without a key can.
 */
export async function releaseSplitKey(db: Db, scope: SplitKeyScope, splitId: string) {
  await new SplitIdempotencyKeysRepository(db).release(scope, splitId);
}
