import { createServiceApp, isDbReachable, isTemporalReachable } from '@groupsplit/shared';
import type Koa from 'koa';
import type { MerchantsDeps } from './deps';

export function createMerchantsApp(deps: MerchantsDeps): Koa {
  return createServiceApp({
    name: 'merchants',
    logger: deps.logger,
    internalSigningSecret: deps.config.INTERNAL_SIGNING_SECRET,
    readiness: async () => ({
      database: await isDbReachable(deps.db),
      temporal: await isTemporalReachable(deps.temporal),
    }),
    routers: [],
  });
}
