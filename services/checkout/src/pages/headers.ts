import type { Context } from 'koa';
import { CHECKOUT_PAGE_CSP } from './checkout/page';

/** The hosted pages' headers: the checkout page's CSP, no caching, no referrer, no framing. */
export function hostedPageHeaders(ctx: Context) {
  ctx.set('content-security-policy', CHECKOUT_PAGE_CSP);
  ctx.set('cache-control', 'no-store');
  ctx.set('referrer-policy', 'no-referrer');
  ctx.set('x-content-type-options', 'nosniff');
  ctx.set('x-frame-options', 'DENY');
  ctx.type = 'text/html; charset=utf-8';
}
