import type { Logger } from '@groupsplit/core';
import { Client } from 'pg';

export type NotificationFeed = {
  /** True while the LISTEN connection is up: only then is every NOTIFY heard. */
  listening(): boolean;
  /** Called with each notification's payload, and with null when the feed was lost (anything may have been missed). */
  on(handler: (payload: string | null) => void): void;
  close(): Promise<void>;
};

const RECONNECT_MS = 1_000;

/**
 * One Postgres connection LISTENing on `channel`, reconnecting after a second when it is lost. A
 * NOTIFY is delivered when the transaction that sent it commits, so a payload heard here names a
 * change already visible to every reader. Its users keep a slower path for the time it is down
 * (`listening()` false, and a null payload on each loss).
 */
export function listenForNotifications(
  databaseUrl: string,
  channel: string,
  logger: Logger,
  what: string,
): NotificationFeed {
  const handlers: ((payload: string | null) => void)[] = [];
  const emit = (payload: string | null) => {
    for (const handler of handlers) handler(payload);
  };
  let client: Client | undefined;
  let up = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (error?: Error) => {
    if (up) logger.warn({ err: error }, `${what} (Postgres LISTEN ${channel}) lost`);
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
      if (message.channel === channel && message.payload) emit(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (client === next && !closed) up = true;
    } catch (error) {
      if (client === next) lost(error as Error);
    }
  }
  void connect();

  return {
    listening: () => up,
    on: (handler) => {
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
