/**
 * With Redis (REDIS_URL), the gateway keeps the API keys it has looked up in memory and checks
 * each request's key against a revocation marker in Redis, in the same round trip as the rate
 * limit (services/gateway/src/api-key-cache.ts). Revoking a key sets its marker before the
 * revocation commits (services/merchants, api-keys), so the next request is refused at once.
 *
 * The marker outlives any cached entry by a wide margin: an entry is trusted for at most
 * API_KEY_CACHE_TTL_MS after the lookup that made it, and a marker is kept far longer, so no
 * cache can hold a revoked key once its marker has expired.
 */
export const API_KEY_CACHE_TTL_MS = 60_000;
export const REVOKED_API_KEY_MARKER_TTL_SECONDS = 24 * 60 * 60;

/** The Redis key that marks an API key revoked. */
export const revokedApiKeyMarker = (apiKeyId: string) => `groupsplit:apikey:revoked:${apiKeyId}`;

/** What marking needs of a Redis client (ioredis's `set`). */
export type RevocationStore = {
  set(key: string, value: string, expiry: 'EX', seconds: number): Promise<unknown>;
};

export async function markApiKeyRevoked(store: RevocationStore, apiKeyId: string): Promise<void> {
  await store.set(revokedApiKeyMarker(apiKeyId), '1', 'EX', REVOKED_API_KEY_MARKER_TTL_SECONDS);
}
