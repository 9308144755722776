/**
 * With Redis (REDIS_URL), the gateway keeps the API keys it has looked up in memory and checks
 * each request's key against a revocation marker in Redis, in the same round trip as the rate
 * limit (services/gateway/src/api-key-cache.ts). A revocation always commits in Postgres, with a
 * NOTIFY on API_KEY_REVOKED_CHANNEL, and then sets the marker when Redis can be written
 * (services/merchants, api-keys): a gateway drops a key it hears revoked on either path.
 *
 * The marker outlives any cached entry by a wide margin: an entry is trusted for at most
 * API_KEY_CACHE_TTL_MS after the lookup that made it, and a marker is kept far longer, so no
 * cache can hold a revoked key once its marker has expired.
 */
export const API_KEY_CACHE_TTL_MS = 60_000;
export const REVOKED_API_KEY_MARKER_TTL_SECONDS = 24 * 60 * 60;

/**
 * The Postgres channel a revocation is announced on (NOTIFY, sent as the revocation commits): the
 * second path to every gateway, which drops the key from its cache on hearing it, so a revoked key
 * is refused within moments also while Redis is down or was flushed (its marker lost).
 */
export const API_KEY_REVOKED_CHANNEL = 'groupsplit_api_key_revoked';

/** The Redis key that marks an API key revoked. */
export const revokedApiKeyMarker = (apiKeyId: string) => `groupsplit:apikey:revoked:${apiKeyId}`;

/** What marking needs of a Redis client (ioredis's `set`). */
export type RevocationStore = {
  set(key: string, value: string, expiry: 'EX', seconds: number): Promise<unknown>;
};

export async function markApiKeyRevoked(store: RevocationStore, apiKeyId: string): Promise<void> {
  await store.set(revokedApiKeyMarker(apiKeyId), '1', 'EX', REVOKED_API_KEY_MARKER_TTL_SECONDS);
}
