import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Db, isDbReachable } from '@groupsplit/shared';
import type { NativeConnection, Worker } from '@temporalio/worker';

export type WorkerReadiness = () => Promise<Record<string, boolean>>;

const TEMPORAL_CHECK_TIMEOUT_MS = 2_000;

/**
 * Ready while the worker polls its task queue and both Temporal and Postgres answer. A worker that
 * is draining after SIGTERM (state STOPPING) is no longer ready, but stays live until it exits.
 */
export function workerReadiness(deps: { db: Db; worker: Pick<Worker, 'getState'>; connection: NativeConnection }) {
  const { db, worker, connection } = deps;
  return async () => ({
    database: await isDbReachable(db),
    temporal: await connection
      .withDeadline(Date.now() + TEMPORAL_CHECK_TIMEOUT_MS, () => connection.healthService.check({}))
      .then(
        () => true,
        () => false,
      ),
    worker: worker.getState() === 'RUNNING',
  });
}

/**
 * GET /healthz (the process answers) and GET /readyz (every readiness check passes), in the shape the
 * HTTP services use. Returns false for any other request, which the caller then handles.
 */
export function serveHealth(
  req: IncomingMessage,
  res: ServerResponse,
  readiness: WorkerReadiness | undefined,
): boolean {
  const path = req.url?.split('?')[0];
  if (req.method !== 'GET') return false;
  if (path === '/healthz') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, service: 'worker' }));
    return true;
  }
  if (path === '/readyz' && readiness) {
    readiness().then(
      (checks) => {
        const ready = Object.values(checks).every(Boolean);
        res
          .writeHead(ready ? 200 : 503, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ok: ready, service: 'worker', checks }));
      },
      () => res.writeHead(503, { 'content-type': 'application/json' }).end('{"ok":false,"service":"worker"}'),
    );
    return true;
  }
  return false;
}
