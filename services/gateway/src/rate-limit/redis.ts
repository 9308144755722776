import Redis from 'ioredis';

/**
 * The shared store when REDIS_URL is set. No offline queue: while Redis is down a
 * consume fails at once and the limiter falls back to its in-memory insurance instead
 * of holding requests until Redis returns.
 */
export function createRedisClient(url: string): Redis {
  return new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
}
