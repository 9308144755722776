import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCheckoutApp } from '@groupsplit/checkout';
import { createGatewayApp } from '@groupsplit/gateway';
import { createMerchantsApp } from '@groupsplit/merchants';
import { createEmulator } from '@groupsplit/processor-emulator';
import {
  type Config,
  createDb,
  createLogger,
  createTemporalClient,
  loadConfig,
  type TemporalHandle,
} from '@groupsplit/shared';
import type Koa from 'koa';
import { createApiClient } from './api';

/**
 * The worker package (and through it @temporalio/worker, the activities and the workflows' types: about
 * 450 modules, a fifth of what a stack file loads) is loaded only by a stack that starts a worker, so a
 * file on a stack without one does not pay for it (docs/testing-speed.md).
 */
const workerPackage = () => import('@groupsplit/worker');
type WorkerPackage = typeof import('@groupsplit/worker');

/**
 * The production worker's activity interceptors, for tests that run a worker of their own. It loads
 * the worker package on its first call (a worker is being created by then).
 */
export const aliveHeartbeat: WorkerPackage['aliveHeartbeat'] = (ctx) =>
  // A synchronous lazy load: the interceptor factory cannot await.
  (require('@groupsplit/worker') as WorkerPackage).aliveHeartbeat(ctx);

/**
 * A Temporal client faked at its boundary, for stacks whose file asserts no workflow behaviour
 * (`{ temporal: false }`): every call through it throws and is recorded, and the stack's `stop()` fails
 * the file if any was made, so a file on the wrong tier says so instead of passing on a route that
 * swallowed the error (a mail that a workflow would have sent, say).
 */
function fakedTemporal(): TemporalHandle & { reached: string[] } {
  const reached: string[] = [];
  const fake = (path: string): any =>
    new Proxy(() => undefined, {
      get(_target, name) {
        // Not a promise, and nothing for inspection or coercion to find.
        if (typeof name === 'symbol' || name === 'then' || name === 'toJSON') return undefined;
        return fake(`${path}.${name}`);
      },
      apply() {
        reached.push(path);
        throw new Error(
          `${path}() reached the stack's faked Temporal client: start this file's stack with Temporal ` +
            '(startStack without { temporal: false }, docs/testing-speed.md)',
        );
      },
    });
  return { client: fake('client'), connection: fake('connection'), close: async () => undefined, reached };
}

/**
 * Start-up phases of one stack, in milliseconds, for scripts/jest-timings-reporter.js (through the
 * test environment, scripts/jest-environment.js); a no-op outside Jest.
 */
function phaseClock() {
  const phases: Record<string, number> = {};
  let last = performance.now();
  return {
    phases,
    lap(name: string) {
      const now = performance.now();
      phases[name] = Math.round(now - last);
      last = now;
    },
    report() {
      const timing = (globalThis as { __groupsplitTiming?: { stackPhases(p: Record<string, number>): void } })
        .__groupsplitTiming;
      timing?.stackPhases(phases);
    },
  };
}

async function listening(): Promise<{ server: Server; url: string }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}` };
}

function serve(server: Server, app: Koa) {
  server.on('request', app.callback());
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export type StackOptions = {
  /** false: no in-process worker; the task queue is left to a worker the test runs itself (e.g. a child process it can kill). */
  worker?: boolean;
  /**
   * false: no Temporal at all, for route tests that start no workflow and assert none (the route tier,
   * docs/testing-speed.md): no worker, no connection, a client faked at its boundary that fails the
   * file if a route reaches it. The worker package and Temporal's client package (loaded by
   * `createTemporalClient` on first use) are then never loaded.
   */
  temporal?: boolean;
};

/**
 * The whole system in this test process: emulator, merchants, checkout and gateway on
 * their own ports, and a worker on a task queue of its own, against the run's real
 * Postgres and Temporal. `overrides` changes configuration for this stack only; `options` says which
 * of Temporal it needs (StackOptions).
 */
export async function startStack(overrides: Partial<Config> = {}, options: StackOptions = {}) {
  const withTemporal = options.temporal !== false;
  const withWorker = withTemporal && options.worker !== false;
  const clock = phaseClock();
  const [gateway, merchants, checkout, emulator] = await Promise.all([
    listening(),
    listening(),
    listening(),
    listening(),
  ]);
  const config = loadConfig(process.env, {
    TEMPORAL_TASK_QUEUE: `test-${randomUUID()}`,
    PUBLIC_BASE_URL: gateway.url,
    MERCHANTS_URL: merchants.url,
    CHECKOUT_URL: checkout.url,
    STRIPE_API_BASE_URL: emulator.url,
    // The API client sends X-Forwarded-For; trusting loopback lets tests choose the client IP.
    TRUSTED_PROXIES: '127.0.0.1',
    ...overrides,
  });
  const logger = createLogger('test-stack', config.LOG_LEVEL);
  const db = createDb(config.DATABASE_URL, 8);
  clock.lap('portsAndConfig');

  const startWorker = async () => {
    if (!withTemporal) throw new Error('this stack was started without Temporal ({ temporal: false })');
    const { createWorker, installWorkerRuntime } = await workerPackage();
    installWorkerRuntime(logger);
    const started = await createWorker({ config, db, logger, workflowBundlePath: process.env.WORKFLOW_BUNDLE_PATH });
    return { ...started, run: started.worker.run() };
  };
  const stopWorker = async ({ worker, connection, run }: Awaited<ReturnType<typeof startWorker>>) => {
    worker.shutdown();
    await run.catch(() => undefined);
    await connection.close();
  };
  // The worker (its own connection, the workflow bundle loaded into its thread) starts while the client
  // connects and the apps are built: nothing reaches it before startStack returns.
  const workerStarting = withWorker ? startWorker() : Promise.resolve(null);
  workerStarting.catch(() => undefined);
  let temporal: TemporalHandle;
  const faked = withTemporal ? null : fakedTemporal();
  try {
    // A deadline, not a wait: with several Jest workers starting stacks at once on a loaded machine, the
    // SDK's 10 s was missed while the process was busy loading modules (the worker's own connection
    // tries for TEMPORAL_CONNECT_WAIT_MS).
    temporal = faked ?? (await createTemporalClient(config, { connectTimeoutMs: 60_000 }));
  } catch (error) {
    const started = await workerStarting.catch(() => null);
    if (started) await stopWorker(started);
    throw error;
  }
  clock.lap('temporalClient');

  const processorEmulator = createEmulator({ config, db, logger });
  serve(emulator.server, processorEmulator.app);
  clock.lap('emulator');
  serve(merchants.server, createMerchantsApp({ config, db, logger, temporal }));
  clock.lap('merchants');
  const checkoutApp = createCheckoutApp({ config, db, logger, temporal });
  serve(checkout.server, checkoutApp);
  clock.lap('checkout');
  const gatewayApp = createGatewayApp({ config, db, logger });
  serve(gateway.server, gatewayApp);
  clock.lap('gateway');

  let running = await workerStarting;
  // Only what the worker still needed once the apps were built.
  clock.lap('worker');
  clock.report();

  return {
    config,
    db,
    temporal,
    get worker() {
      if (!running) throw new Error('this stack was started without its in-process worker');
      return running.worker;
    },
    /** Stops the worker (as a crash or deploy would) and starts a fresh one on the same task queue. */
    async restartWorker() {
      if (running) await stopWorker(running);
      running = await startWorker();
    },
    urls: { gateway: gateway.url, merchants: merchants.url, checkout: checkout.url, emulator: emulator.url },
    api: createApiClient(gateway.url),
    async stop() {
      if (running) await stopWorker(running);
      // The emulator's background event deliveries would otherwise outlive the test file.
      processorEmulator.stop();
      await Promise.all([gateway, merchants, checkout, emulator].map(({ server }) => close(server)));
      await gatewayApp.closeStores();
      await checkoutApp.close();
      await temporal.close();
      await db.destroy();
      if (faked?.reached.length) {
        throw new Error(
          `this file reached the faked Temporal client (${[...new Set(faked.reached)].join(', ')}): ` +
            'its stack needs Temporal (startStack without { temporal: false })',
        );
      }
    },
  };
}

export type Stack = Awaited<ReturnType<typeof startStack>>;
