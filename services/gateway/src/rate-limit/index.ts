import { type Db, type Logger, type Principal, tooManyRequests } from '@groupsplit/shared';
import type Redis from 'ioredis';
import type { Context } from 'koa';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { cachedApiKeyLookup } from '../api-key-cache';
import type { ApiKeyLookup } from '../api-key-lookup';
import { listenForRevocations } from '../api-key-revocations';
import type { ApiKeyCount } from '../authenticate';
import type { BucketName } from '../routes/types';
import { BUCKETS, type BucketPolicy, RATE_LIMITED_CODE } from './buckets';
import { createRedisClient } from './redis';
import { kyselyStoreClient } from './store';

export { BUCKETS, RATE_LIMITED_CODE } from './buckets';

export const RATE_LIMIT_TABLE = 'rate_limits';

function limiterFor(
  store: { db: Db; redis?: Redis },
  name: BucketName,
  policy: BucketPolicy,
  clearsExpired: boolean,
): RateLimiterAbstract {
  const shape = { keyPrefix: name, points: policy.points, duration: policy.durationSeconds };
  if (store.redis) {
    return new RateLimiterRedis({
      ...shape,
      keyPrefix: `groupsplit:rl:${name}`,
      storeClient: store.redis,
      insuranceLimiter: new RateLimiterMemory(shape),
    });
  }
  return new RateLimiterPostgres({
    ...shape,
    storeClient: kyselyStoreClient(store.db),
    storeType: 'pool',
    tableName: RATE_LIMIT_TABLE,
    // The table comes from a migration; the library must not create it at run time.
    tableCreated: true,
    // One sweeper is enough: it deletes expired rows of every bucket.
    clearExpiredByTimeout: clearsExpired,
    // If Postgres is unreachable, each gateway process still limits on its own.
    insuranceLimiter: new RateLimiterMemory(shape),
  });
}

/** Who a bucket counts: the API key when the bucket is per key and one was used, otherwise the client IP. */
function counterKey(policy: BucketPolicy, principal: Principal): string {
  if (policy.keyedBy === 'api_key' && principal.kind === 'api_key') return `key:${principal.apiKeyId}`;
  return `ip:${principal.ip}`;
}

/** The library's answer for a count the API-key lookup made itself (the same fields RateLimiterPostgres derives). */
function resultOfLookupCount(policy: BucketPolicy, count: NonNullable<ApiKeyCount['result']>): RateLimiterRes {
  const remaining = Math.max(policy.points - count.points, 0);
  return new RateLimiterRes(remaining, Math.max(count.expire - Date.now(), 0), count.points, count.points === 1);
}

function setHeaders(ctx: Context, policy: BucketPolicy, result: RateLimiterRes) {
  const resetSeconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
  ctx.set('RateLimit-Limit', String(policy.points));
  ctx.set('RateLimit-Remaining', String(Math.max(0, result.remainingPoints)));
  ctx.set('RateLimit-Reset', String(resetSeconds));
  return resetSeconds;
}

export type RateLimits = ReturnType<typeof createRateLimits>;

/**
 * The gateway's rate limits, in a store every gateway process shares: Redis when
 * REDIS_URL is set, Postgres otherwise. Only routes whose rule names a bucket are
 * limited, and only they get RateLimit-* headers.
 */
export function createRateLimits({
  db,
  logger,
  redisUrl,
  databaseUrl,
}: {
  db: Db;
  logger: Logger;
  redisUrl?: string;
  /** For the revocation feed (a LISTEN connection of its own) that the Redis key cache needs. */
  databaseUrl?: string;
}) {
  const redis = redisUrl ? createRedisClient(redisUrl) : undefined;
  redis?.on('error', (error) => logger.warn({ err: error }, 'rate limit store (Redis) unavailable'));
  const names = Object.keys(BUCKETS) as BucketName[];
  const limiters = new Map(names.map((name, i) => [name, limiterFor({ db, redis }, name, BUCKETS[name], i === 0)]));

  const revocations = redis && databaseUrl ? listenForRevocations(databaseUrl, logger) : undefined;
  const lookUpKey: ApiKeyLookup | undefined =
    redis && revocations ? cachedApiKeyLookup(db, redis, revocations) : undefined;
  return {
    store: redis ? ('redis' as const) : ('postgres' as const),
    /** With Redis, API keys come from the gateway's cache, checked for revocation in Redis; else Postgres each time. */
    lookUpKey,
    /** Resolves once the store is connected (Postgres needs no wait); until then the in-memory insurance counts. */
    async ready() {
      if (redis && redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
    },
    /**
     * A bucket counted per API key is counted in the key lookup's own round trip (authenticate's
     * `apiKeyCount`): with Postgres in its statement, with Redis in the revocation check. One round
     * trip instead of two, on the same counter (row or key) and with the same arithmetic as the limiter's.
     */
    countInKeyLookup(bucket: BucketName): ApiKeyCount | undefined {
      const policy = BUCKETS[bucket];
      if (policy.keyedBy !== 'api_key') return undefined;
      const keyPrefix = redis ? `groupsplit:rl:${bucket}:key:` : `${bucket}:key:`;
      return { bucket: { keyPrefix, durationMs: policy.durationSeconds * 1000 } };
    },
    async close() {
      await revocations?.close();
      // quit() fails while Redis is down; disconnect() then stops ioredis's reconnect loop.
      await redis?.quit().catch(() => redis.disconnect());
    },
    /** Counts one request (unless the key lookup already did: `counted`); sets the headers, or throws the bucket's 429. */
    async consume(ctx: Context, bucket: BucketName, principal: Principal, counted?: ApiKeyCount): Promise<void> {
      const policy = BUCKETS[bucket];
      const limiter = limiters.get(bucket)!;
      try {
        const result =
          counted?.result && principal.kind === 'api_key'
            ? resultOfLookupCount(policy, counted.result)
            : await limiter.consume(counterKey(policy, principal));
        if (result.consumedPoints > policy.points) throw result;
        setHeaders(ctx, policy, result);
      } catch (outcome) {
        if (!(outcome instanceof RateLimiterRes)) {
          // Both stores failed: let the request through rather than take the API down.
          logger.error({ err: outcome, bucket }, 'rate limiter unavailable');
          return;
        }
        ctx.set('Retry-After', String(setHeaders(ctx, policy, outcome)));
        throw tooManyRequests(policy.message, RATE_LIMITED_CODE);
      }
    },
  };
}
