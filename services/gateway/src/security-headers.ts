import type { Config } from '@groupsplit/shared';
import type { Context, Next } from 'koa';

/** Two years, subdomains included: the gateway's origin is HTTPS-only once it is served over HTTPS. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * The CSP of an HTML answer whose route set none (the unsubscribe page): nothing loads, nothing frames it,
 * and only its inline style attributes apply.
 */
export const DEFAULT_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Headers on every answer the gateway sends (docs/security.md, "Headers"): HSTS whenever the
 * public address is https; and on every JSON answer `Cache-Control: no-store` (answers carry
 * secrets, e.g. GET /api/merchants/credentials, and per-caller data no cache may keep) and
 * `X-Content-Type-Options: nosniff`; on every HTML answer nosniff and a CSP (DEFAULT_PAGE_CSP where the
 * route set none). Pages and assets keep the headers their routes set.
 */
export function securityHeaders(config: Pick<Config, 'PUBLIC_BASE_URL'>) {
  const https = new URL(config.PUBLIC_BASE_URL).protocol === 'https:';
  return async (ctx: Context, next: Next) => {
    await next();
    if (https) ctx.set('Strict-Transport-Security', HSTS);
    if (/^application\/(?:[\w.+-]+\+)?json\b/i.test(ctx.response.get('Content-Type'))) {
      ctx.set('Cache-Control', 'no-store');
      ctx.set('X-Content-Type-Options', 'nosniff');
    }
    // Every HTML answer: nosniff, and a CSP (the page's own, else the strict default).
    if (/^text\/html\b/i.test(ctx.response.get('Content-Type'))) {
      ctx.set('X-Content-Type-Options', 'nosniff');
      if (!ctx.response.get('Content-Security-Policy')) ctx.set('Content-Security-Policy', DEFAULT_PAGE_CSP);
    }
  };
}
