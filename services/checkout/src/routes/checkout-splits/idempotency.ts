import { randomUUID } from 'node:crypto';
import type { Database, ServiceMode } from '@groupsplit/shared';
import { type Kysely, sql } from 'kysely';
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
  db: Kysely<Database>,
  scope: SplitKeyScope,
  hash: string,
): Promise<{ splitId: string; replay: boolean }> {
  const keyRow = (table: Kysely<Database>) =>
    table
      .selectFrom('split_idempotency_keys')
      .where('merchant_id', '=', scope.merchantId)
      .where('mode', '=', scope.mode)
      .where('idempotency_key', '=', scope.key);
  await db
    .deleteFrom('split_idempotency_keys')
    .where('merchant_id', '=', scope.merchantId)
    .where('mode', '=', scope.mode)
    .where('idempotency_key', '=', scope.key)
    .where('created_at', '<=', sql<Date>`now() - make_interval(hours => ${IDEMPOTENCY_REMEMBERED_HOURS})`)
    .execute();
  const claimed = await db
    .insertInto('split_idempotency_keys')
    .values({
      merchant_id: scope.merchantId,
      mode: scope.mode,
      idempotency_key: scope.key,
      request_hash: hash,
      split_id: randomUUID(),
    })
    .onConflict((oc) => oc.columns(['merchant_id', 'mode', 'idempotency_key']).doNothing())
    .returning('split_id')
    .executeTakeFirst();
  if (claimed) return { splitId: claimed.split_id, replay: false };
  const existing = await keyRow(db).select(['request_hash', 'split_id']).executeTakeFirstOrThrow();
  if (existing.request_hash !== hash) throw reusedKey();
  return { splitId: existing.split_id, replay: true };
}

/**
 * A create that was refused (the processor's 400, a billing gate) made no split: the key is let go,
 * so the same request can be sent again once the cause is fixed, as a request without a key can.
 */
export async function releaseSplitKey(db: Kysely<Database>, scope: SplitKeyScope, splitId: string) {
  await db
    .deleteFrom('split_idempotency_keys')
    .where('merchant_id', '=', scope.merchantId)
    .where('mode', '=', scope.mode)
    .where('idempotency_key', '=', scope.key)
    .where('split_id', '=', splitId)
    .execute();
}
