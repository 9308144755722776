import { type Config, createServiceApp, type Db, isDbReachable, type Logger } from '@groupsplit/shared';
import type Koa from 'koa';

export type EmulatorDeps = { config: Config; db: Db; logger: Logger };

/** A stateful stand-in for the Stripe API subset groupsplit uses; it is "the processor" in dev and tests. */
export function createEmulatorApp(deps: EmulatorDeps): Koa {
  return createServiceApp({
    name: 'processor-emulator',
    logger: deps.logger,
    readiness: async () => ({ database: await isDbReachable(deps.db) }),
    routers: [],
  });
}
