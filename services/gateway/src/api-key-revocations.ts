import { API_KEY_REVOKED_CHANNEL, type Logger } from '@groupsplit/shared';
import { Client } from 'pg';

export type RevocationFeed = {
  /** True while the LISTEN connection is up: only then may a cached key be trusted. */
  listening(): boolean;
  /** Called with the id of each key revoked, and with null when the feed was lost (anything may have been missed). */
  onRevoked(handler: (apiKeyId: string | null) => void): void;
  close(): Promise<void>;
};

const RECONNECT_MS = 1_000;

/**
 * The gateway's second path for revocations (docs/rate-limits.md, "API keys with Redis"): one
 * Postgres connection LISTENing on API_KEY_REVOKED_CHANNEL, which every revocation NOTIFYs as it
 * commits. Independent of Redis, so a key is dropped from the cache even while Redis is down or
 * after it lost its markers. While the connection is down the cache is not used at all.
 */
export function listenForRevocations(databaseUrl: string, logger: Logger): RevocationFeed {
  const handlers: ((apiKeyId: string | null) => void)[] = [];
  const emit = (apiKeyId: string | null) => {
    for (const handler of handlers) handler(apiKeyId);
  };
  let client: Client | undefined;
  let up = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (error?: Error) => {
    if (up) logger.warn({ err: error }, 'API key revocation feed (Postgres LISTEN) lost; not using the key cache');
    up = false;
    emit(null);
    client?.removeAllListeners();
    client?.end().catch(() => undefined);
    client = undefined;
    if (!closed) {
      retry = setTimeout(connect, RECONNECT_MS);
      retry.unref();
    }
  };

  async function connect() {
    if (closed) return;
    const next = new Client({ connectionString: databaseUrl });
    client = next;
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      if (message.channel === API_KEY_REVOKED_CHANNEL && message.payload) emit(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${API_KEY_REVOKED_CHANNEL}`);
      if (client === next && !closed) up = true;
    } catch (error) {
      if (client === next) lost(error as Error);
    }
  }
  void connect();

  return {
    listening: () => up,
    onRevoked: (handler) => {
      handlers.push(handler);
    },
    async close() {
      closed = true;
      up = false;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      current?.removeAllListeners();
      current?.on('error', () => undefined);
      await current?.end().catch(() => undefined);
    },
  };
}
