import type { Logger } from '@groupsplit/core';
import { AppError, errorAnswerBody, MESSAGES, routeNotFound, serviceUnavailable, unauthorized } from '@groupsplit/core';
import { lostBeforeCommit } from '@groupsplit/db';
import { httpMetrics, serveMetrics } from '@groupsplit/metrics';
import Router from '@koa/router';
import Koa, { type Context, type Next } from 'koa';
import { bodyParser } from './body';
import { loggablePath } from './loggable-path';
import { refuseMalformedRequest } from './malformed-input';
import { PRINCIPAL_HEADER, type Principal, verifyPrincipal } from './principal';
import { REQUEST_ID_HEADER, requestLogger } from './request-logger';
import { callModeHint, SERVICE_MODE_HEADER } from './service-mode';
import { refuseUndeclaredQueryParameters } from './strict-query';

declare module 'koa' {
  interface DefaultState {
    principal: Principal;
  }
  interface BaseContext {
    log: Logger;
  }
}

export type Readiness = () => Promise<Record<string, boolean>>;

export type ServiceAppOptions = {
  name: string;
  logger: Logger;
  /** Checks behind GET /readyz; each must be true for a 200. */
  readiness: Readiness;
  /** Routers mounted after the common middleware. */
  routers: Router[];
  /** Present for services behind the gateway: calls without a valid signed principal are refused. */
  internalSigningSecret?: string;
  bodyLimitBytes?: number;
  /**
   * The public base URL (PUBLIC_BASE_URL) of the API's services: their error bodies gain `request_id`,
   * `doc_url` and the call's mode hint (docs/errors.md). Absent (the processor emulator, which
   * speaks Stripe's wire format), error bodies are left as thrown.
   */
  publicBaseUrl?: string;
};

/** Seconds a client waits before sending again a request that a lost database connection undid. */
const DATABASE_RETRY_AFTER_SECONDS = 1;

/**
 * A database connection lost mid-transaction, before its COMMIT (a failover, a restart, a
 * terminated backend): the transaction was rolled back, so nothing was saved and the request can
 * simply be sent again (docs/runbook.md, "Postgres connections lost"). Not a 500.
 */
function databaseConnectionLost(ctx: Context, error: unknown): AppError {
  ctx.log.warn(
    { err: error, method: ctx.method, path: loggablePath(ctx.path) },
    'database connection lost before commit',
  );
  ctx.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
  return serviceUnavailable('The database connection was lost and nothing was saved. Please try again.');
}

export type ErrorHandlerOptions = {
  /** With it, every error body gains `request_id`, `doc_url` and the call's hint (packages/core/src/errors/error-answer.ts). */
  publicBaseUrl?: string;
};

/**
 * Maps every thrown error to the `{ error, code?, details? }` body of docs/spec.md, Errors, and
 * (given a public base URL) adds `request_id`, `doc_url` and `hint` where the one rule of
 * ../errors/error-answer.ts allows.
 */
export function errorHandler(options: ErrorHandlerOptions = {}) {
  const answer = (ctx: Context, status: number, body: Record<string, unknown>) => {
    ctx.status = status;
    if (!options.publicBaseUrl) {
      ctx.body = body;
      return;
    }
    const state = ctx.state as { requestId?: string; principal?: Parameters<typeof callModeHint>[0] };
    ctx.body = errorAnswerBody(body, {
      method: ctx.method,
      path: ctx.path,
      status,
      requestId: state.requestId ?? String(ctx.response.get(REQUEST_ID_HEADER)),
      publicBaseUrl: options.publicBaseUrl,
      callHint: callModeHint(state.principal, ctx.get(SERVICE_MODE_HEADER), ctx.path),
    });
  };
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) answer(ctx, 404, routeNotFound().toBody());
      // The routers' allowedMethods() answer these with Koa's plain-text default; every error body is JSON.
      if (ctx.status === 405 && ctx.body === undefined) {
        answer(ctx, 405, { error: 'Method not allowed', code: 'method_not_allowed' });
      }
      if (ctx.status === 501 && ctx.body === undefined) {
        answer(ctx, 501, { error: 'Method not implemented', code: 'method_not_implemented' });
      }
    } catch (thrown) {
      const error = lostBeforeCommit(thrown) ? databaseConnectionLost(ctx, thrown) : thrown;
      if (error instanceof AppError) {
        answer(ctx, error.status, error.toBody());
        if (error.status >= 500) ctx.log.error({ err: error }, 'request failed');
        return;
      }
      ctx.log.error({ err: error, method: ctx.method, path: loggablePath(ctx.path) }, 'unhandled error');
      answer(ctx, 500, { error: MESSAGES.unhandled });
    }
  };
}

/**
 * Makes a router match only the exact spelling of its paths: letter case counts and a trailing
 * slash is another path. @koa/router ignores both by default, so `/api/auth/email/START` ran the
 * sign-in handler although the gateway's table (which compares exactly) had routed it by a
 * catch-all rule with no rate limit. Applied here, to every router a service mounts, so no route
 * can forget it; routes registered later get the same options.
 */
export function canonicalRouter(router: Router): Router {
  Object.assign(router.opts, { sensitive: true, strict: true });
  for (const layer of router.stack) {
    Object.assign(layer.opts, { sensitive: true, strict: true });
    // Recompiles the layer's pattern with the options above (the path itself is unchanged).
    layer.setPrefix('');
  }
  return router;
}

export function createServiceApp(options: ServiceAppOptions): Koa {
  const app = new Koa();
  app.proxy = false;
  // Errors are logged by errorHandler; Koa's default handler would print them again.
  app.silent = true;

  app.use(requestLogger(options.logger));
  app.use(httpMetrics(options.name));
  app.use(errorHandler({ publicBaseUrl: options.publicBaseUrl }));

  const health = canonicalRouter(new Router());
  health.get('/healthz', (ctx) => {
    ctx.body = { ok: true, service: options.name };
  });
  health.get('/readyz', async (ctx) => {
    const checks = await options.readiness();
    const ready = Object.values(checks).every(Boolean);
    ctx.status = ready ? 200 : 503;
    ctx.body = { ok: ready, service: options.name, checks };
  });
  // Internal services are never routed by the gateway, so the scrape endpoint needs no token.
  health.get('/metrics', serveMetrics);
  app.use(health.routes());
  app.use(refuseMalformedRequest);

  if (options.internalSigningSecret) {
    const secret = options.internalSigningSecret;
    app.use(async (ctx, next) => {
      const principal = verifyPrincipal(ctx.get(PRINCIPAL_HEADER) || undefined, secret, {
        service: options.name,
        method: ctx.method,
        url: ctx.url,
      });
      if (!principal) throw unauthorized('Unsigned internal call', 'unsigned_internal_call');
      ctx.state.principal = principal;
      return next();
    });
  }
  app.use(bodyParser(options.bodyLimitBytes));
  for (const router of options.routers.map(canonicalRouter).map(refuseUndeclaredQueryParameters)) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
