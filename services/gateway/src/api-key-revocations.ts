import { API_KEY_REVOKED_CHANNEL, type Logger, listenForNotifications } from '@groupsplit/shared';

export type RevocationFeed = {
  /** True while the LISTEN connection is up: only then may a cached key be trusted. */
  listening(): boolean;
  /** Called with the id of each key revoked, and with null when the feed was lost (anything may have been missed). */
  onRevoked(handler: (apiKeyId: string | null) => void): void;
  close(): Promise<void>;
};

/**
 * The gateway's second path for revocations (docs/rate-limits.md, "API keys with Redis"): one
 * Postgres connection LISTENing on API_KEY_REVOKED_CHANNEL, which every revocation NOTIFYs as it
 * commits. Independent of Redis, so a key is dropped from the cache even while Redis is down or
 * after it lost its markers. While the connection is down the cache is not used at all.
 */
export function listenForRevocations(databaseUrl: string, logger: Logger): RevocationFeed {
  const feed = listenForNotifications(databaseUrl, API_KEY_REVOKED_CHANNEL, logger, 'API key revocation feed');
  return { listening: feed.listening, onRevoked: feed.on, close: feed.close };
}
