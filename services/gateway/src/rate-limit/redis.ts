import type Redis from 'ioredis';

/**
 * The shared store when REDIS_URL is set. No offline queue: while Redis is down a
 * consume fails at once and the limiter falls back to its in-memory insurance instead
 * of holding requests until Redis returns.
 *
 * ioredis is loaded here, on first use, not where the module is imported: a gateway without REDIS_URL
 * (and every test stack) never needs its some 40 modules (docs/testing-speed.md).
 */
export function createRedisClient(url: string): Redis {
  const RedisClient = require('ioredis') as typeof Redis;
  return new RedisClient(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
}
