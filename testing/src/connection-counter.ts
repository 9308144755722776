import type { AddressInfo } from 'node:net';
import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a server (the test SMTP catcher, say) that counts the connections made
 * through it: how a test sees whether a client reuses connections or opens one per request, and
 * whether it closes them.
 */
export type ConnectionCounter = {
  port: number;
  /** Connections accepted since the relay started. */
  opened(): number;
  /** Connections still open from the client's side. */
  open(): number;
  close(): Promise<void>;
};

export async function startConnectionCounter(target: { host: string; port: number }): Promise<ConnectionCounter> {
  const clients = new Set<Socket>();
  let opened = 0;
  const server: Server = createServer((client) => {
    opened += 1;
    clients.add(client);
    const upstream = createConnection(target);
    client.pipe(upstream).pipe(client);
    const end = () => {
      clients.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    opened: () => opened,
    open: () => clients.size,
    close: async () => {
      for (const client of clients) client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
