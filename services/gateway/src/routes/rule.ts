import type { AuthRequirement, RouteRule, Target } from './types';

/**
 * The rows of one service's table: `rulesOf('checkout')` makes its rules, each written as the docs name a
 * route (`'POST /api/…'`, `'*'` for any method), then how it is authenticated, then its bucket and other
 * options where it has them.
 */
export const rulesOf =
  (target: Target) =>
  (
    route: string,
    auth: AuthRequirement,
    options: Pick<RouteRule, 'bucket' | 'replaysIdempotencyKey'> = {},
  ): RouteRule => {
    const [method, path] = route.split(' ') as [string, string];
    return { method, path, target, auth, ...options };
  };
