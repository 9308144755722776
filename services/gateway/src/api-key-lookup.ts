import { type Db, preparedStatement } from '@groupsplit/shared';
import { CompiledQuery } from 'kysely';

/**
 * A rate-limit bucket the key lookup counts in the same round trip: with the Postgres store the
 * row `<keyPrefix><api key id>` of `rate_limits` (rate-limiter-flexible's fixed-window upsert, in
 * the lookup's statement); with Redis the key `<keyPrefix><api key id>` (api-key-cache.ts).
 */
export type CountInLookup = { keyPrefix: string; durationMs: number };
export type LookupCount = { points: number; expire: number };

export type ApiKeyRow = { id: string; merchant_id: string; mode: 'test' | 'live'; last_used_at: Date | null };

type LookupRow = ApiKeyRow & { counted_points: number | null; counted_expire: number | null };

const LOOKUP = `SELECT id, merchant_id, mode, last_used_at FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL`;

// The counter is written only for a key that authenticates (unrevoked, and the mode its shape
// says), so refused calls use up no budget. Same arithmetic as RateLimiterPostgres's upsert: a
// window that has ended restarts at 1 with a new expiry, otherwise the count goes up by one.
const LOOKUP_AND_COUNT = `
WITH key AS (${LOOKUP}),
counted AS (
  INSERT INTO rate_limits (key, points, expire)
  SELECT $3 || key.id::text, 1, $4::bigint FROM key WHERE key.mode = $2
  ON CONFLICT (key) DO UPDATE SET
    points = CASE WHEN rate_limits.expire <= $5::bigint THEN 1 ELSE rate_limits.points + 1 END,
    expire = CASE WHEN rate_limits.expire <= $5::bigint THEN $4::bigint ELSE rate_limits.expire END
  RETURNING points, expire
)
SELECT key.id, key.merchant_id, key.mode, key.last_used_at,
  counted.points AS counted_points, counted.expire AS counted_expire
FROM key LEFT JOIN counted ON true`;

// Prepared statements (shared/src/db/prepared-statements.ts): Postgres parses and plans each once
// per connection, not once per request.
const PREPARED_LOOKUP = preparedStatement('gateway_api_key_lookup', LOOKUP);
const PREPARED_LOOKUP_AND_COUNT = preparedStatement('gateway_api_key_lookup_and_count', LOOKUP_AND_COUNT);

/** Finds the unrevoked key with this hash, counting it in `count`'s bucket when given (lookUpApiKey, or the cache's). */
export type ApiKeyLookup = (
  keyHash: string,
  mode: 'test' | 'live',
  count?: CountInLookup,
) => Promise<{ row: ApiKeyRow; counted?: LookupCount } | undefined>;

/** The unrevoked key with this hash (and, when asked, its count in one bucket), in one statement. */
export async function lookUpApiKey(
  db: Db,
  keyHash: string,
  mode: 'test' | 'live',
  count?: CountInLookup,
): Promise<{ row: ApiKeyRow; counted?: LookupCount } | undefined> {
  const now = Date.now();
  const query = count
    ? CompiledQuery.raw(PREPARED_LOOKUP_AND_COUNT, [keyHash, mode, count.keyPrefix, now + count.durationMs, now])
    : CompiledQuery.raw(PREPARED_LOOKUP, [keyHash]);
  const [found] = (await db.executeQuery<LookupRow>(query)).rows;
  if (!found) return undefined;
  const { counted_points, counted_expire, ...row } = found;
  return {
    row,
    counted:
      counted_points === null || counted_points === undefined
        ? undefined
        : { points: counted_points, expire: Number(counted_expire) },
  };
}
