import { randomUUID } from 'node:crypto';
import type { Db } from '../types';
import { forgetStaleIdempotencyKey, type IdempotencyKeyScope, idempotencyKeyColumns, whereKey } from './query-helpers';

/** An Idempotency-Key of POST /api/checkout-splits: keys are per business and mode. */
export type SplitIdempotencyKeyScope = IdempotencyKeyScope;

/**
 * Every query of `split_idempotency_keys` (written by checkout): the split id an Idempotency-Key of
 * POST /api/checkout-splits names (docs/splits.md, "Retrying a create").
 */
export class SplitIdempotencyKeysRepository {
  constructor(private readonly db: Db) {}

  /**
   * The key's split id: a new one if the key was unused (or last used `rememberedHours` or more ago,
   * which is forgotten first), else the one it names, with the request hash it was first used with.
   * Concurrent first uses meet on the primary key: one inserts, the others read its row.
   */
  async claim(
    scope: SplitIdempotencyKeyScope,
    requestHash: string,
    rememberedHours: number,
  ): Promise<{ splitId: string; requestHash: string; claimed: boolean }> {
    await forgetStaleIdempotencyKey(this.db, 'split_idempotency_keys', scope, rememberedHours);
    const claimed = await this.db
      .insertInto('split_idempotency_keys')
      .values({ ...idempotencyKeyColumns(scope), request_hash: requestHash, split_id: randomUUID() })
      .onConflict((oc) => oc.columns(['merchant_id', 'mode', 'idempotency_key']).doNothing())
      .returning('split_id')
      .executeTakeFirst();
    if (claimed) return { splitId: claimed.split_id, requestHash, claimed: true };
    const existing = await whereKey(this.db, 'split_idempotency_keys', idempotencyKeyColumns(scope))
      .select(['request_hash', 'split_id'])
      .executeTakeFirstOrThrow();
    return { splitId: existing.split_id, requestHash: existing.request_hash, claimed: false };
  }

  /** Lets the key go if it still names `splitId` (a refused create made no split). */
  async release(scope: SplitIdempotencyKeyScope, splitId: string): Promise<void> {
    await this.db
      .deleteFrom('split_idempotency_keys')
      .where((eb) => eb.and({ ...idempotencyKeyColumns(scope), split_id: splitId }))
      .execute();
  }
}
