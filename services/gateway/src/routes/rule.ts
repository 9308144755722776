import type { AuthRequirement, RouteRule, Target } from './types';

type RuleOptions = Pick<RouteRule, 'bucket' | 'replaysIdempotencyKey'>;

/**
 * The rows of one service's table: `rulesOf('checkout')` makes its rules. Each call gives one or more
 * routes, written as the docs name them (`'POST /api/…'`, `'*'` for any method), the same treatment: how
 * they are authenticated, then their bucket and other options where they have them. The rules keep the
 * order written, which is the order they are matched in.
 */
export const rulesOf =
  (target: Target) =>
  (routes: string | readonly string[], auth: AuthRequirement, options: RuleOptions = {}): RouteRule[] =>
    (typeof routes === 'string' ? [routes] : routes).map((route) => {
      const [method, path] = route.split(' ') as [string, string];
      return { method, path, target, auth, ...options };
    });
