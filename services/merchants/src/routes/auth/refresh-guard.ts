import { type Config, forbidden } from '@groupsplit/shared';
import type { Context } from 'koa';

/** The header only the dashboard's own script sends: a cross-site form or image cannot set it. */
export const REFRESH_HEADER = { name: 'X-Requested-With', value: 'groupsplit-dashboard' } as const;

export const REFRESH_REFUSALS = {
  crossSite: {
    message: 'Refused: the session can only be refreshed from the dashboard itself.',
    code: 'cross_site_refused',
  },
  header: {
    message: `Refused: send ${REFRESH_HEADER.name}: ${REFRESH_HEADER.value} to refresh the session.`,
    code: 'refresh_header_required',
  },
} as const;

/** The names one machine answers to on its loopback interface (the WHATWG URL parser writes IPv6 in brackets). */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins the dashboard's own page has: `PUBLIC_BASE_URL`'s, and only that in production. Outside
 * production, when that origin is on the loopback interface, the same scheme and port under each of its
 * other names too, so the dashboard opened as `http://127.0.0.1:3000` keeps its session as it does as
 * `http://localhost:3000` (the browser treats them as two origins, and two sites).
 */
export function dashboardOrigins(config: Pick<Config, 'PUBLIC_BASE_URL' | 'NODE_ENV'>): Set<string> {
  const base = new URL(config.PUBLIC_BASE_URL);
  const origins = new Set([base.origin]);
  if (config.NODE_ENV !== 'production' && LOOPBACK_HOSTS.includes(base.hostname)) {
    for (const host of LOOPBACK_HOSTS) {
      const other = new URL(base.origin);
      other.hostname = host;
      origins.add(other.origin);
    }
  }
  return origins;
}

/**
 * The refresh's defence against cross-site requests, on top of `SameSite=Strict`: a browser names the
 * page that sent a request in `Origin` and `Sec-Fetch-Site`, and only the dashboard's script adds the
 * custom header (which would also need a CORS pre-flight no route grants).
 */
export function refuseCrossSiteRefresh(ctx: Context, config: Config) {
  const origin = ctx.get('origin');
  const site = ctx.get('sec-fetch-site');
  const { crossSite, header } = REFRESH_REFUSALS;
  if (origin && !dashboardOrigins(config).has(origin)) throw forbidden(crossSite.message, crossSite.code);
  if (site && site !== 'same-origin') throw forbidden(crossSite.message, crossSite.code);
  if (ctx.get(REFRESH_HEADER.name) !== REFRESH_HEADER.value) throw forbidden(header.message, header.code);
}
