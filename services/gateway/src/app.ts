import {
  type Config,
  type Db,
  errorHandler,
  isDbReachable,
  keyModeWarning,
  type Logger,
  PRINCIPAL_HEADER,
  payloadTooLarge,
  REQUEST_ID_HEADER,
  readBodyWithin,
  refuseMalformedRequest,
  requestLogger,
  routeNotFound,
  SERVICE_MODE_HEADER,
  SERVICE_MODE_WARNING_HEADER,
  signPrincipal,
} from '@groupsplit/shared';
import Koa, { type Context } from 'koa';
import { apiVersionHeader } from './api-version';
import { applePayAssociation } from './apple-pay';
import { authenticate } from './authenticate';
import { clientIp, parseTrustedProxies } from './client-ip';
import { dashboardRoutes } from './dashboard';
import { docsRoutes } from './docs/reference';
import { gatewayMetrics } from './metrics';
import { openApiDocumentRoute } from './openapi/serve';
import { forward, forwardedUrl } from './proxy';
import { createRateLimits } from './rate-limit';
import { matchRoute } from './routes/match';
import { routeTable } from './routes/table';
import type { RouteRule, Target } from './routes/types';
import { securityHeaders } from './security-headers';

export type GatewayDeps = {
  config: Config;
  db: Db;
  logger: Logger;
  /** The built dashboard (default: the @groupsplit/dashboard package's dist/). */
  dashboardDir?: string;
};

/** A body declared too large is refused before a byte of it is read. */
async function readBodyCapped(ctx: Context, limit: number): Promise<Buffer> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limit) throw payloadTooLarge();
  return readBodyWithin(ctx, limit);
}

/** The gateway's Koa app; `closeStores` ends its Redis connection, if it has one (tests starting several stacks). */
export type GatewayApp = Koa & { closeStores(): Promise<void> };

/** The only public app: authenticates per route, caps request size, and forwards with a signed principal. */
export function createGatewayApp({ config, db, logger, dashboardDir }: GatewayDeps): GatewayApp {
  const app = new Koa();
  app.silent = true;
  const trustedProxies = parseTrustedProxies(config.TRUSTED_PROXIES);
  const targets: Record<Target, string> = { merchants: config.MERCHANTS_URL, checkout: config.CHECKOUT_URL };
  const rateLimits = createRateLimits({ db, logger, redisUrl: config.REDIS_URL, databaseUrl: config.DATABASE_URL });

  app.use(requestLogger(logger));
  app.use(securityHeaders(config));
  app.use(apiVersionHeader());
  app.use(gatewayMetrics(config));
  app.use(errorHandler({ publicBaseUrl: config.PUBLIC_BASE_URL }));

  app.use(async (ctx, next) => {
    if (ctx.path === '/healthz') {
      ctx.body = { ok: true, service: 'gateway' };
      return;
    }
    if (ctx.path === '/readyz') {
      const checks = { database: await isDbReachable(db) };
      ctx.status = checks.database ? 200 : 503;
      ctx.body = { ok: checks.database, service: 'gateway', checks };
      return;
    }
    return next();
  });
  app.use(refuseMalformedRequest);
  app.use(applePayAssociation(config));

  app.use(dashboardRoutes(dashboardDir));
  app.use(docsRoutes());
  app.use(openApiDocumentRoute({ targets, signingSecret: config.INTERNAL_SIGNING_SECRET, logger }));

  app.use(async (ctx) => {
    // gatewayMetrics matched the route already (for its label); matching again would cost as much.
    const rule: RouteRule | undefined = ctx.state.routeRule ?? matchRoute(routeTable, ctx.method, ctx.path);
    if (!rule) throw routeNotFound();
    if (ctx.method === 'OPTIONS') {
      // Answered here, with no data: no bucket counts it (the spec's shared buckets stay as tight as
      // they are), no credential is read, and no service is asked (docs/security.md, "Every method").
      ctx.status = 204;
      return;
    }
    const body = await readBodyCapped(ctx, config.REQUEST_SIZE_LIMIT_BYTES);
    const caller = { ip: clientIp(ctx, trustedProxies), requestId: ctx.state.requestId as string };
    const keyCount = rule.bucket ? rateLimits.countInKeyLookup(rule.bucket) : undefined;
    const principal = await authenticate(
      db,
      config,
      rule.auth,
      {
        authorization: ctx.get('authorization') || undefined,
        apiKey: ctx.get('x-merchant-api-key') || undefined,
        cookie: ctx.get('cookie') || undefined,
      },
      caller,
      keyCount,
      rateLimits.lookUpKey,
    );
    // The gateway's own later errors (a rate limit) carry the call's mode hint too (errorHandler).
    ctx.state.principal = principal;
    // The key decides the mode; an X-Service-Mode naming the other one is ignored, and said so (docs/errors.md).
    const modeWarning = keyModeWarning(principal, ctx.get(SERVICE_MODE_HEADER));
    if (modeWarning) ctx.set(SERVICE_MODE_WARNING_HEADER, modeWarning);
    // Per key or per IP, so it runs once the caller is known; unauthenticated calls cost nothing.
    if (rule.bucket) await rateLimits.consume(ctx, rule.bucket, principal, keyCount);
    await forward(
      ctx,
      targets[rule.target],
      body,
      {
        // Bound to this one call: replayed on another route, method or service it is refused.
        [PRINCIPAL_HEADER]: signPrincipal(principal, config.INTERNAL_SIGNING_SECRET, {
          service: rule.target,
          method: ctx.method,
          url: forwardedUrl(ctx),
        }),
        [REQUEST_ID_HEADER]: caller.requestId,
      },
      { replaysIdempotencyKey: rule.replaysIdempotencyKey },
    );
  });
  return Object.assign(app, { closeStores: () => rateLimits.close() });
}
