import { createServiceApp, isDbReachable, isTemporalReachable } from '@groupsplit/shared';
import type Koa from 'koa';
import type { CheckoutDeps } from './deps';
import { skeletonRoutes } from './routes/skeleton/skeleton';

export function createCheckoutApp(deps: CheckoutDeps): Koa {
  return createServiceApp({
    name: 'checkout',
    logger: deps.logger,
    internalSigningSecret: deps.config.INTERNAL_SIGNING_SECRET,
    readiness: async () => ({
      database: await isDbReachable(deps.db),
      temporal: await isTemporalReachable(deps.temporal),
    }),
    routers: [skeletonRoutes(deps)],
  });
}
