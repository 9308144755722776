import { ApiKeysRepository, type Db } from '@groupsplit/shared';

/**
 * A rate-limit bucket the key lookup counts in the same round trip: with the Postgres store the
 * row `<keyPrefix><api key id>` of `rate_limits` (rate-limiter-flexible's fixed-window upsert, in
 * the lookup's statement); with Redis the key `<keyPrefix><api key id>` (api-key-cache.ts).
 */
export type CountInLookup = { keyPrefix: string; durationMs: number };
export type LookupCount = { points: number; expire: number };

export type ApiKeyRow = { id: string; merchant_id: string; mode: 'test' | 'live'; last_used_at: Date | null };

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
  const found = await new ApiKeysRepository(db).lookUp(keyHash, mode, count);
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
