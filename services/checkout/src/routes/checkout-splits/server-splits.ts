import { MESSAGES, SplitsRepository, validate, validationFailed, validQuery } from '@groupsplit/shared';
import Router from '@koa/router';
import type { Context } from 'koa';
import { apiKeyPrincipal, auth } from '../../auth';
import type { CheckoutDeps } from '../../deps';
import { routeSplit, splitIdParams } from '../../splits/load-split';
import { splitDetail } from '../../splits/split-detail';
import { businessSplitPage } from './list-page';
import { SERVER_SPLIT_MESSAGES, SplitIdParams, SplitListQuerySchema } from './schema';

/**
 * The server's reads of its orders (docs/splits.md, "The server's reads"): beside the spec's server
 * operations, with an API key only. Its own business's splits in the key's mode, as the dashboard's list
 * and detail show them to the business's team; another business's split, or the other mode's, is 404.
 * The spec's session routes (`GET /api/checkout-splits`, `…/:id`) keep their 401 for a key.
 */
export function serverSplitRoutes(deps: CheckoutDeps): Router {
  const { db } = deps;
  const splits = new SplitsRepository(db);
  const router = new Router();

  router.get(
    '/api/merchants/checkout/splits',
    auth('api_key'),
    validate('query', SplitListQuerySchema),
    async (ctx: Context) => {
      const principal = apiKeyPrincipal(ctx.state.principal);
      const query = validQuery(ctx, SplitListQuerySchema);
      // The key decides the mode: `mode`, if sent, must be the key's own.
      if (query.mode && query.mode !== principal.mode) {
        throw validationFailed(MESSAGES.validationFailed, [{ field: 'mode', message: SERVER_SPLIT_MESSAGES.mode }]);
      }
      // The dashboard list's items exactly, the organiser included.
      ctx.body = await businessSplitPage(splits, principal.merchantId, principal.mode, query);
    },
  );

  router.get(
    '/api/merchants/checkout/splits/:id',
    auth('api_key'),
    splitIdParams(SplitIdParams),
    async (ctx: Context) => {
      const { split } = await routeSplit(ctx, db, apiKeyPrincipal, 'split.view');
      // The business's own view: every share's pay token and PaymentIntent, as its team sees them.
      ctx.body = await splitDetail(splits, split);
    },
  );

  return router;
}
