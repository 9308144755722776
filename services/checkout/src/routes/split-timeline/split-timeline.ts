import Router from '@koa/router';
import type { Context } from 'koa';
import { auth, sessionPrincipal } from '../../auth';
import type { CheckoutDeps } from '../../deps';
import { routeSplit, splitIdParams } from '../../splits/load-split';
import { SplitIdParams } from './schema';
import { splitTimeline } from './timeline';

/**
 * GET /api/checkout-splits/:id/timeline (ours, beyond the spec; docs/dashboard.md, "The order's timeline"): what
 * happened to one order, newest first, with what was ordered. The business's team only (policy row
 * `split.timeline`, every role; no creator rule, so the hosted buyer is refused): it names every payer and e-mail.
 */
export function splitTimelineRoutes(deps: CheckoutDeps): Router {
  const router = new Router();
  router.get(
    '/api/checkout-splits/:id/timeline',
    auth('session'),
    splitIdParams(SplitIdParams),
    async (ctx: Context) => {
      const { split } = await routeSplit(ctx, deps.db, sessionPrincipal, 'split.timeline');
      ctx.body = await splitTimeline(deps.db, split);
    },
  );
  return router;
}
