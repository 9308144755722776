import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { createDb, createLogger, type Db, loadConfig } from '@groupsplit/shared';
import type { NativeConnection, Worker } from '@temporalio/worker';
import { workerReadiness } from './health';
import { startWorkerMetricsServer } from './metrics';
import { createWorker, installWorkerRuntime } from './worker';

type Health = { status: number; body: { ok: boolean; service: string; checks?: Record<string, boolean> } };

async function get(url: string): Promise<Health> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Health['body'] };
}

async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('worker /healthz and /readyz', () => {
  const logger = createLogger('worker-health-test', 'silent');
  const config = loadConfig(process.env, { TEMPORAL_TASK_QUEUE: `health-${randomUUID()}` });
  let db: Db;
  let worker: Worker;
  let connection: NativeConnection;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    installWorkerRuntime(logger);
    db = createDb(config.DATABASE_URL, 2);
    ({ worker, connection } = await createWorker({
      config,
      db,
      logger,
      workflowBundlePath: process.env.WORKFLOW_BUNDLE_PATH,
    }));
    const metrics = await startWorkerMetricsServer({
      db,
      logger,
      port: 0,
      host: '127.0.0.1',
      readiness: workerReadiness({ db, worker, connection }),
    });
    server = metrics.server;
    base = metrics.url.replace(/\/metrics$/, '');
  });

  afterAll(async () => {
    server.close();
    if (worker.getState() === 'INITIALIZED') await worker.runUntil(Promise.resolve());
    await connection.close();
    await db.destroy();
  });

  it('is live but not ready before the worker polls its task queue', async () => {
    expect(await get(`${base}/healthz`)).toEqual({ status: 200, body: { ok: true, service: 'worker' } });
    expect(await get(`${base}/readyz`)).toEqual({
      status: 503,
      body: { ok: false, service: 'worker', checks: { database: true, temporal: true, worker: false } },
    });
  });

  it('is ready while the worker runs, and no longer ready once it shuts down, while staying live', async () => {
    const run = worker.run();
    await until('/readyz to answer 200', async () => (await get(`${base}/readyz`)).status === 200);
    expect((await get(`${base}/readyz`)).body.checks).toEqual({ database: true, temporal: true, worker: true });

    worker.shutdown();
    await run;
    expect(await get(`${base}/readyz`)).toMatchObject({ status: 503, body: { checks: { worker: false } } });
    expect((await get(`${base}/healthz`)).status).toBe(200);
  });

  it('reports the database when Postgres cannot be reached', async () => {
    const unreachable = createDb('postgres://nobody@127.0.0.1:1/nothing', 1);
    try {
      const checks = await workerReadiness({ db: unreachable, worker: { getState: () => 'RUNNING' }, connection })();
      expect(checks).toEqual({ database: false, temporal: true, worker: true });
    } finally {
      await unreachable.destroy();
    }
  });

  it('still serves /metrics and answers 404 elsewhere', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(200);
    expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
  });
});
