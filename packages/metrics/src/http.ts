import { timingSafeEqual } from 'node:crypto';
import type { Context, Next } from 'koa';
import { httpRequests, METRICS_CONTENT_TYPE, metricsRegistry } from './registry';

declare module 'koa' {
  interface DefaultState {
    /** Set by an app that routes without @koa/router (the gateway) to label its metrics. */
    metricsRoute?: string;
  }
}

/** The matched route pattern; an unrouted request is `unmatched`, so raw paths never become labels. */
function routeLabel(ctx: Context): string {
  if (ctx.state.metricsRoute) return ctx.state.metricsRoute;
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  if (matched === undefined) return 'unmatched';
  return typeof matched === 'string' ? matched : matched.source;
}

/** Counts and times every request; mount it outside the error handler so the status is final. */
export function httpMetrics(service: string) {
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    let status: number | undefined;
    try {
      await next();
      status = ctx.status;
    } catch (error) {
      status = (error as { status?: number }).status ?? 500;
      throw error;
    } finally {
      const labels = { service, method: ctx.method, route: routeLabel(ctx), status: String(status ?? 500) };
      httpRequests.record(labels, started);
    }
  };
}

/** Prometheus text for everything this process registered. */
export async function renderMetrics(extra: () => Promise<string> = async () => ''): Promise<string> {
  const own = await metricsRegistry.metrics();
  const more = await extra();
  return more ? `${own}\n${more}` : own;
}

/** Koa handler for GET /metrics. */
export async function serveMetrics(ctx: Context) {
  ctx.set('content-type', METRICS_CONTENT_TYPE);
  ctx.set('cache-control', 'no-store');
  ctx.body = await renderMetrics();
}

/** Constant-time check of `Authorization: Bearer <token>` against the configured metrics token. */
export function hasMetricsToken(authorization: string | undefined, token: string | undefined): boolean {
  if (!token || !authorization?.startsWith('Bearer ')) return false;
  const given = Buffer.from(authorization.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
