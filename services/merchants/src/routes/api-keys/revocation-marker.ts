import { type Config, markApiKeyRevoked } from '@groupsplit/shared';
import type Redis from 'ioredis';

/**
 * With REDIS_URL set, the gateway trusts the keys it has cached until Redis says they are revoked
 * (packages/auth/src/api-key-revocation.ts), so a revocation must set the key's marker before it commits:
 * if Redis cannot be written, the revocation fails and nothing is revoked, rather than leave a
 * revoked key working in a gateway's cache. Without REDIS_URL there is no cache and nothing to do.
 *
 * A connection per revocation: revoking is rare, and the service then holds no Redis connection
 * (or its reconnect loop) for the rest of its life. ioredis is loaded then too, not with the service.
 */
export async function markRevokedForGateways(config: Config, apiKeyId: string): Promise<void> {
  if (!config.REDIS_URL) return;
  // A synchronous lazy load: a service without REDIS_URL never needs ioredis (docs/testing-speed.md).
  const RedisClient = require('ioredis') as typeof Redis;
  const redis = new RedisClient(config.REDIS_URL, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 2_000,
  });
  // Failures surface as the rejected connect or set below; the event is only for ioredis's sake.
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await markApiKeyRevoked(redis, apiKeyId);
  } finally {
    redis.disconnect();
  }
}
