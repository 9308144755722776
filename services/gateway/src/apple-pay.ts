import type { Config } from '@groupsplit/shared';
import type { Middleware } from 'koa';

export const APPLE_PAY_ASSOCIATION_PATH = '/.well-known/apple-developer-merchantid-domain-association';

/**
 * Apple's domain-association file: Apple fetches it from every domain that shows an Apple Pay button
 * before the processor marks the domain ready (docs/processor.md, "Wallet domains"). Its content is
 * APPLE_PAY_DOMAIN_ASSOCIATION, served byte for byte, with no redirect and no credential; unset, 404.
 */
export function applePayAssociation(config: Pick<Config, 'APPLE_PAY_DOMAIN_ASSOCIATION'>): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== APPLE_PAY_ASSOCIATION_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const content = config.APPLE_PAY_DOMAIN_ASSOCIATION;
    if (!content) return next();
    ctx.type = 'text/plain; charset=utf-8';
    ctx.set('cache-control', 'public, max-age=3600');
    ctx.set('x-content-type-options', 'nosniff');
    ctx.body = content;
  };
}
