import { Writable } from 'node:stream';
import { createLogger } from '@groupsplit/core';
import type Router from '@koa/router';
import { createServiceApp } from '../service-app';

/** Listens with `app` on a free loopback port; `close` stops it. */
export async function serve(app: ReturnType<typeof createServiceApp>) {
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A service app of `router` alone, its log lines dropped, served as by {@link serve}. */
export function serveQuietly(router: Router) {
  const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
  return serve(
    createServiceApp({
      name: 'test',
      logger: createLogger('test', 'info', quiet),
      readiness: async () => ({}),
      routers: [router],
    }),
  );
}
