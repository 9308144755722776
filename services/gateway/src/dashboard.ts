import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { DASHBOARD_DIST_DIR } from '@groupsplit/dashboard';
import type { Context, Next } from 'koa';

/**
 * The merchant dashboard's static files, on the API's origin: one HTML page for every path under
 * /dashboard (the app routes in the browser) and its hashed assets. No inline script or style and
 * nothing from another origin, so the CSP allows only our own files and calls.
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** Hashed names only: no slashes, no dot segments. */
const ASSET_NAME = /^[\w-]+(?:\.[\w-]+)*\.(?:js|css|svg|png|woff2)$/;

const NOT_BUILT = 'The dashboard has not been built. `npm start`, `npm test` and `npm run build` build it.';

function securityHeaders(ctx: Context) {
  ctx.set('x-content-type-options', 'nosniff');
  ctx.set('referrer-policy', 'no-referrer');
}

async function readOrNull(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch {
    return null;
  }
}

/**
 * GET /dashboard and /dashboard/**: the app's page; GET /dashboard/assets/<name>: a hashed asset,
 * cached for good. GET /team-invites/:token (the link invitation e-mails carry) moves to the
 * dashboard's invitation page. Anything else goes on to the route table.
 */
export function dashboardRoutes(dir: string = DASHBOARD_DIST_DIR) {
  return async (ctx: Context, next: Next) => {
    const inDashboard = ctx.path === '/dashboard' || ctx.path.startsWith('/dashboard/');
    const invitation = /^\/team-invites\/[^/]+$/.test(ctx.path);
    if ((!inDashboard && !invitation) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    securityHeaders(ctx);

    if (invitation) {
      ctx.redirect(`/dashboard${ctx.path}`);
      return;
    }
    if (ctx.path.startsWith('/dashboard/assets/')) {
      const name = ctx.path.slice('/dashboard/assets/'.length);
      const body = ASSET_NAME.test(name) ? await readOrNull(join(dir, 'assets', name)) : null;
      if (!body) return next();
      ctx.set('cache-control', 'public, max-age=31536000, immutable');
      ctx.type = ASSET_TYPES[extname(name)] as string;
      ctx.body = body;
      return;
    }
    const page = await readOrNull(join(dir, 'index.html'));
    ctx.set('cache-control', 'no-store');
    if (!page) {
      ctx.status = 503;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = NOT_BUILT;
      return;
    }
    ctx.set('content-security-policy', DASHBOARD_CSP);
    ctx.set('x-frame-options', 'DENY');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page;
  };
}
