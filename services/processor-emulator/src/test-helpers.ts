import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Config, createDb, createLogger, type Db, loadConfig } from '@groupsplit/shared';
import { createEmulator, type Emulator } from './app';

/** Helpers for tests that run the emulator on its own (without the whole stack). */

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function close(server: Server) {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

export type ReceivedWebhook = { path: string; headers: IncomingHttpHeaders; body: string };

/** A webhook endpoint that records what it receives; `failNext` makes it answer 500 that many times. */
export async function startReceiver() {
  const received: ReceivedWebhook[] = [];
  const state = { failNext: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (state.failNext > 0) {
        state.failNext -= 1;
        res.writeHead(500).end('nope');
        return;
      }
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  const url = await listen(server);
  return { url, received, state, stop: () => close(server) };
}

export type RunningEmulator = {
  url: string;
  config: Config;
  db: Db;
  emulator: Emulator;
  control: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;
  stop: () => Promise<void>;
};

/** Starts an emulator on a free port against the run's database. */
export async function startEmulator(overrides: Partial<Config> = {}, db?: Db): Promise<RunningEmulator> {
  const server = createServer();
  const url = await listen(server);
  const config = loadConfig(process.env, { STRIPE_API_BASE_URL: url, ...overrides });
  const ownDb = !db;
  const database = db ?? createDb(config.DATABASE_URL, 4);
  const emulator = createEmulator({ config, db: database, logger: createLogger('emulator-test', config.LOG_LEVEL) });
  server.on('request', emulator.app.callback());
  return {
    url,
    config,
    db: database,
    emulator,
    async control(method, path, body) {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // HTML or empty
      }
      return { status: response.status, body: parsed };
    },
    async stop() {
      emulator.stop();
      await close(server);
      if (ownDb) await database.destroy();
    },
  };
}
