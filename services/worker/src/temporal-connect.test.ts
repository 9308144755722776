import { randomUUID } from 'node:crypto';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { createDb, createLogger, type Db, loadConfig } from '@groupsplit/shared';
import { createWorker, installWorkerRuntime } from './worker';

/**
 * Temporal's frontend in front of the real one: the first `dropFirst` connections are closed at once
 * (the frontend restarting), every later one is piped to Temporal.
 */
async function restartingFrontend(temporalAddress: string, dropFirst: number) {
  const [host, port] = temporalAddress.split(':') as [string, string];
  let dropped = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    if (dropped < dropFirst) {
      dropped += 1;
      client.destroy();
      return;
    }
    const upstream = connect(Number(port), host);
    sockets.add(upstream);
    upstream.once('close', () => sockets.delete(upstream));
    client.pipe(upstream).pipe(client);
    client.once('error', () => upstream.destroy());
    upstream.once('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    dropped: () => dropped,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A worker started while Temporal's frontend restarts (the chaos run on the cluster started one just
 * then, and it exited on "tcp connect error") waits for the frontend and starts, instead of exiting.
 */
describe('a worker starting while Temporal cannot be reached', () => {
  let db: Db;
  beforeAll(() => {
    db = createDb(loadConfig().DATABASE_URL, 2);
  });
  afterAll(() => db.destroy());

  it('tries again until the frontend answers, then runs', async () => {
    const base = loadConfig();
    const logger = createLogger('worker-connect-test', 'silent');
    installWorkerRuntime(logger);
    const frontend = await restartingFrontend(base.TEMPORAL_ADDRESS, 1);
    try {
      const config = { ...base, TEMPORAL_ADDRESS: frontend.address, TEMPORAL_TASK_QUEUE: `connect-${randomUUID()}` };
      const { worker, connection } = await createWorker({
        config,
        db,
        logger,
        workflowBundlePath: process.env.WORKFLOW_BUNDLE_PATH,
      });
      expect(frontend.dropped()).toBe(1);
      const running = worker.run();
      expect(worker.getState()).toBe('RUNNING');
      worker.shutdown();
      await running;
      await connection.close();
    } finally {
      await frontend.close();
    }
  }, 120_000);
});
