import { validate, validBody } from '@groupsplit/shared';
import Router from '@koa/router';
import type { Context } from 'koa';
import { auth, sessionPrincipal } from '../../auth';
import type { CheckoutDeps } from '../../deps';
import { idempotencyKeyHeader } from '../../idempotency-key';
import { refundAnAmount } from '../../refunds/refund-an-amount';
import { routeSplit, splitIdParams } from '../../splits/load-split';
import { ServerRefundSchema, SplitIdParams, serverRefundFailure } from './schema';

/**
 * POST /api/checkout-splits/:id/partial-refund (ours, beyond the spec; docs/refunds.md, "Part of an order from
 * the dashboard"): the dashboard's refund of an amount, by the API-key route's rules exactly (refundAnAmount():
 * `amount` defaulting to what is still outstanding, the proportional slices, the idempotency key, the answer and
 * the errors), for a signed-in Owner, Admin or Finance (policy row `split.partial_refund`: no creator rule, so the
 * buyer of a hosted order cannot refund it). The refund's actor is `dashboard:<user>`.
 */
export function partialRefundRoutes(deps: CheckoutDeps): Router {
  const { db } = deps;
  const router = new Router();

  router.post(
    '/api/checkout-splits/:id/partial-refund',
    auth('session'),
    splitIdParams(SplitIdParams),
    validate('body', ServerRefundSchema, serverRefundFailure),
    async (ctx: Context) => {
      const body = validBody(ctx, ServerRefundSchema);
      const headerKey = idempotencyKeyHeader(ctx);
      const { principal, split } = await routeSplit(ctx, db, sessionPrincipal, 'split.partial_refund');
      const answer = await refundAnAmount(
        deps,
        split,
        { merchantId: split.merchant_id, mode: split.mode },
        { actor: `dashboard:${principal.userId}`, actorDetail: `user:${principal.userId}` },
        {
          splitId: split.id,
          amount: body.amount,
          reason: body.reason,
          idempotencyKey: body.idempotency_key ?? headerKey ?? null,
        },
      );
      ctx.status = answer.status;
      ctx.body = answer.body;
    },
  );

  return router;
}
