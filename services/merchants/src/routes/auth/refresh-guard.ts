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

/**
 * The refresh's defence against cross-site requests, on top of `SameSite=Strict`: a browser names the
 * page that sent a request in `Origin` and `Sec-Fetch-Site`, and only the dashboard's script adds the
 * custom header (which would also need a CORS pre-flight no route grants).
 */
export function refuseCrossSiteRefresh(ctx: Context, config: Config) {
  const origin = ctx.get('origin');
  const site = ctx.get('sec-fetch-site');
  const { crossSite, header } = REFRESH_REFUSALS;
  if (origin && origin !== new URL(config.PUBLIC_BASE_URL).origin) throw forbidden(crossSite.message, crossSite.code);
  if (site && site !== 'same-origin') throw forbidden(crossSite.message, crossSite.code);
  if (ctx.get(REFRESH_HEADER.name) !== REFRESH_HEADER.value) throw forbidden(header.message, header.code);
}
