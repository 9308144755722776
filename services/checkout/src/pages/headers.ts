import type { Context } from 'koa';
import { CHECKOUT_PAGE_CSP } from './checkout/page';

/**
 * The hosted pages' headers: their CSP (the checkout page's, unless the page has its own: the pay
 * page's carries a nonce), no caching, no referrer, no framing. Every hosted page sets them here.
 */
export function hostedPageHeaders(ctx: Context, csp: string = CHECKOUT_PAGE_CSP) {
  ctx.set('content-security-policy', csp);
  ctx.set('cache-control', 'no-store');
  ctx.set('referrer-policy', 'no-referrer');
  ctx.set('x-content-type-options', 'nosniff');
  ctx.set('x-frame-options', 'DENY');
  ctx.type = 'text/html; charset=utf-8';
}
