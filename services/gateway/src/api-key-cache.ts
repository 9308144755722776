import { API_KEY_CACHE_TTL_MS, type Db, revokedApiKeyMarker } from '@groupsplit/shared';
import type Redis from 'ioredis';
import { type ApiKeyLookup, type ApiKeyRow, lookUpApiKey } from './api-key-lookup';
import type { RevocationFeed } from './api-key-revocations';

/**
 * One Redis round trip per request with an API key: is the key marked revoked, and (for a
 * per-key bucket) count the request with RateLimiterRedis's own fixed-window arithmetic on the
 * same Redis key it uses, so both paths share one exact counter. A revoked key is not counted.
 * Answers {-1, 0} for revoked, {0, 0} when nothing was counted, else {count, ms left}.
 */
const CHECK_AND_COUNT = `
if redis.call('exists', KEYS[1]) == 1 then return {-1, 0} end
if #KEYS < 2 then return {0, 0} end
redis.call('set', KEYS[2], 0, 'EX', ARGV[1], 'NX')
local consumed = redis.call('incrby', KEYS[2], 1)
local ttl = redis.call('pttl', KEYS[2])
if ttl == -1 then
  redis.call('expire', KEYS[2], ARGV[1])
  ttl = 1000 * ARGV[1]
end
return {consumed, ttl}`;

/** Keys held at once per gateway process; the oldest entry goes first. */
const MAX_CACHED_KEYS = 10_000;

type CheckingRedis = Redis & {
  groupsplitCheckApiKey(numberOfKeys: number, ...args: (string | number)[]): Promise<[number, number]>;
};

/**
 * The API-key lookup with Redis: keys found in Postgres are kept in memory (by hash, for
 * API_KEY_CACHE_TTL_MS) and every use of one is checked against its revocation marker in the
 * same round trip that counts its rate limit. Revoking sets the marker before it commits
 * (packages/auth/src/api-key-revocation.ts), so a revoked key is refused on its next request.
 * Whenever Redis is not ready or the check fails, the key is read from Postgres as without the
 * cache, and the request is counted by the limiter's own fallback.
 */
export function cachedApiKeyLookup(db: Db, redis: Redis, revocations: RevocationFeed): ApiKeyLookup {
  const checking = redis as CheckingRedis;
  checking.defineCommand('groupsplitCheckApiKey', { lua: CHECK_AND_COUNT });
  const cache = new Map<string, { row: ApiKeyRow; until: number }>();
  // Markers live only in Redis: when the connection drops or errs (a restart may have lost them), forget everything.
  redis.on('close', () => cache.clear());
  redis.on('error', () => cache.clear());
  // The second path: a revocation heard from Postgres drops the key; a lost feed drops everything.
  revocations.onRevoked((apiKeyId) => {
    if (apiKeyId === null) return cache.clear();
    for (const [hash, entry] of cache) if (entry.row.id === apiKeyId) cache.delete(hash);
  });

  const remember = (keyHash: string, row: ApiKeyRow, until: number) => {
    if (cache.size >= MAX_CACHED_KEYS) cache.delete(cache.keys().next().value as string);
    cache.set(keyHash, { row, until });
  };

  return async (keyHash, mode, count) => {
    if (redis.status !== 'ready' || !revocations.listening()) return lookUpApiKey(db, keyHash, mode);
    const lookedUpAt = Date.now();
    const cached = cache.get(keyHash);
    const fromCache = cached !== undefined && cached.until > lookedUpAt;
    let row = fromCache ? cached.row : undefined;
    if (!row) {
      cache.delete(keyHash);
      row = (await lookUpApiKey(db, keyHash, mode))?.row;
      if (!row) return undefined;
      // Its age counts from before the read, so it never outlives the marker of a revocation made meanwhile.
      if (row.mode === mode) remember(keyHash, row, lookedUpAt + API_KEY_CACHE_TTL_MS);
    }
    if (row.mode !== mode) return { row }; // refused by the caller, and counted nowhere
    const keys = count ? [revokedApiKeyMarker(row.id), `${count.keyPrefix}${row.id}`] : [revokedApiKeyMarker(row.id)];
    let answer: [number, number];
    try {
      answer = await checking.groupsplitCheckApiKey(keys.length, ...keys, Math.floor((count?.durationMs ?? 0) / 1000));
    } catch {
      // Without the marker check a cached entry proves nothing: ask Postgres, and leave the count to the limiter.
      cache.delete(keyHash);
      return fromCache ? lookUpApiKey(db, keyHash, mode) : { row };
    }
    const [points, msLeft] = answer;
    if (points === -1) {
      cache.delete(keyHash);
      return undefined;
    }
    return { row, counted: count && points > 0 ? { points, expire: Date.now() + msLeft } : undefined };
  };
}
