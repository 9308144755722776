import type { Database } from '@groupsplit/shared';
import { type Kysely, sql } from 'kysely';
import { IDEMPOTENCY_REMEMBERED_HOURS as REMEMBERED_HOURS, reusedKey } from '../../idempotency-key';

export type IdempotencyScope = { merchantId: string; mode: 'test' | 'live'; key: string };

/** The session a live (under 24 hours old) key created, or undefined; 409 when the body differs. */
export async function replayFor(db: Kysely<Database>, scope: IdempotencyScope, hash: string) {
  const row = await db
    .selectFrom('checkout_idempotency_keys')
    .select(['request_hash', 'session_token'])
    .where('merchant_id', '=', scope.merchantId)
    .where('mode', '=', scope.mode)
    .where('idempotency_key', '=', scope.key)
    .where('created_at', '>', sql<Date>`now() - make_interval(hours => ${REMEMBERED_HOURS})`)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.request_hash !== hash) throw reusedKey();
  return row.session_token;
}

/**
 * Claims the key for a session inside the creating transaction. A concurrent request with the
 * same key waits on the primary key until this one commits, then finds it taken: it returns
 * false and that request rolls back and replays. A key older than 24 hours is forgotten first.
 */
export async function claimKey(trx: Kysely<Database>, scope: IdempotencyScope, hash: string, token: string) {
  await trx
    .deleteFrom('checkout_idempotency_keys')
    .where('merchant_id', '=', scope.merchantId)
    .where('mode', '=', scope.mode)
    .where('idempotency_key', '=', scope.key)
    .where('created_at', '<=', sql<Date>`now() - make_interval(hours => ${REMEMBERED_HOURS})`)
    .execute();
  const claimed = await trx
    .insertInto('checkout_idempotency_keys')
    .values({
      merchant_id: scope.merchantId,
      mode: scope.mode,
      idempotency_key: scope.key,
      request_hash: hash,
      session_token: token,
    })
    .onConflict((oc) => oc.columns(['merchant_id', 'mode', 'idempotency_key']).doNothing())
    .returning('session_token')
    .executeTakeFirst();
  return Boolean(claimed);
}
