import { type Config, createServiceApp, type Db, isDbReachable, type Logger } from '@groupsplit/shared';
import Router from '@koa/router';
import type Koa from 'koa';
import { stripeRoutes } from './api';
import type { Emu } from './context';
import { controlRoutes } from './control';
import { Deliverer } from './deliverer';
import { Faults } from './faults';
import { stripeApi } from './pipeline';
import { sandboxReady } from './sandbox';
import { stripeJsRoutes } from './stripe-js';

export type EmulatorDeps = { config: Config; db: Db; logger: Logger };

export type Emulator = {
  app: Koa;
  /** Flushes pending webhook deliveries (same as POST /_emulator/events/flush). */
  flushEvents: Deliverer['flush'];
  /** Stops background deliveries (timers); in-flight ones finish. */
  stop: () => void;
};

/**
 * A stateful stand-in for the Stripe API subset groupsplit uses; it is "the processor" in dev
 * and tests. `/v1/...` speaks Stripe's wire protocol; `/_emulator/...` is its control API.
 * All processor state is in Postgres (emulator_* tables), so a restart loses nothing; fault
 * injection and latency are per instance.
 */
export function createEmulator(deps: EmulatorDeps): Emulator {
  const logger = deps.logger.child({ component: 'processor-emulator' });
  const deliverer = new Deliverer(deps.db, deps.config, logger);
  const emu: Emu = {
    db: deps.db,
    config: deps.config,
    logger,
    deliverer,
    faults: new Faults(),
    settings: { latencyMs: 0, captureBefore: new Map() },
  };
  // Every request waits for the test sandbox account (STRIPE_TEST_SANDBOX_ACCOUNT_ID) to exist.
  const seeded = sandboxReady(emu);
  const api = new Router();
  api.all('/v1/{*rest}', seeded, stripeApi(emu, stripeRoutes));
  const app = createServiceApp({
    name: 'processor-emulator',
    logger: deps.logger,
    readiness: async () => ({ database: await isDbReachable(deps.db) }),
    routers: [api, controlRoutes(emu, seeded), stripeJsRoutes(emu, seeded)],
  });
  deliverer.resume();
  return { app, flushEvents: () => deliverer.flush(), stop: () => deliverer.stop() };
}

export function createEmulatorApp(deps: EmulatorDeps): Koa {
  return createEmulator(deps).app;
}
