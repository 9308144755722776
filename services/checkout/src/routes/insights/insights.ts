import {
  merchantContext,
  permit,
  SplitInsightsRepository,
  serviceMode,
  validate,
  validQuery,
} from '@groupsplit/shared';
import Router from '@koa/router';
import type { CheckoutDeps } from '../../deps';
import { periodOf } from './period';
import { presentInsights } from './presenter';
import { InsightsQuerySchema } from './schema';

/**
 * GET /api/checkout-splits/insights (ours, beyond the spec): the Insights page's figures for the
 * business and the mode asked (X-Service-Mode, live when absent) over one period. Registered before
 * the splits router, whose `/:id` would otherwise take `insights` for a split id.
 */
export function insightsRoutes({ db }: CheckoutDeps): Router {
  const router = new Router();
  const insights = new SplitInsightsRepository(db);

  router.get(
    '/api/checkout-splits/insights',
    merchantContext(db),
    permit('insights.view'),
    validate('query', InsightsQuerySchema),
    async (ctx) => {
      const mode = serviceMode(ctx);
      const period = periodOf(validQuery(ctx, InsightsQuerySchema));
      const figures = await insights.forPeriod({ merchantId: ctx.state.merchantContext.merchant.id, mode, ...period });
      ctx.body = presentInsights(figures, { mode, ...period });
    },
  );

  return router;
}
