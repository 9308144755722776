import { type Config, hasMetricsToken, httpMetrics, routeNotFound, serveMetrics } from '@groupsplit/shared';
import type { Context, Next } from 'koa';
import { matchRoute } from './routes/match';
import { routeTable } from './routes/table';

const METRICS_PATH = '/metrics';
const gatewayRequestMetrics = httpMetrics('gateway');

/**
 * The gateway is the public app, so its GET /metrics answers only a scraper that presents
 * `Authorization: Bearer <METRICS_TOKEN>`; everyone else (and everyone, when no token is
 * configured) gets the ordinary unknown-route 404. Requests are labelled with the route
 * table's pattern, never the raw path.
 */
export function gatewayMetrics(config: Pick<Config, 'METRICS_TOKEN'>) {
  return async (ctx: Context, next: Next) => {
    if (ctx.path === METRICS_PATH && ctx.method === 'GET') {
      if (hasMetricsToken(ctx.get('authorization') || undefined, config.METRICS_TOKEN)) return serveMetrics(ctx);
      ctx.status = 404;
      ctx.body = routeNotFound().toBody();
      return;
    }
    const rule = matchRoute(routeTable, ctx.method, ctx.path);
    ctx.state.routeRule = rule;
    ctx.state.metricsRoute = rule?.path ?? (ctx.path === '/healthz' || ctx.path === '/readyz' ? ctx.path : 'unmatched');
    return gatewayRequestMetrics(ctx, next);
  };
}
