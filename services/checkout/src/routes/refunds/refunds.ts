import { badRequest, validate, validBody } from '@groupsplit/shared';
import Router from '@koa/router';
import type { Context } from 'koa';
import { apiKeyPrincipal, auth, sessionPrincipal } from '../../auth';
import type { CheckoutDeps } from '../../deps';
import { idempotencyKeyHeader } from '../../idempotency-key';
import { refundAnAmount } from '../../refunds/refund-an-amount';
import { REFUND_MESSAGES, requestRefund } from '../../refunds/request-refund';
import { routeSplit, splitIdParams } from '../../splits/load-split';
import { ServerRefundSchema, SplitIdParams, serverRefundFailure } from './schema';

/**
 * Refunds, from both callers (docs/refunds.md):
 * - POST /api/checkout-splits/:id/refund (dashboard session): the whole split, only from
 *   `captured`; Owner, Admin, Finance or the creating account. Every captured share is refunded in
 *   full with its 20p, each as its own processor refund, and the service fee reversed.
 * - POST /api/merchants/checkout/splits/:id/refund (API key): an amount (or everything still
 *   outstanding) spread pro-rata over the participants who paid, with an idempotency key
 *   (refundAnAmount(), which the dashboard's partial refund shares).
 * Both answer the same refund result.
 */
export function refundRoutes(deps: CheckoutDeps): Router {
  const { db } = deps;
  const router = new Router();
  const splitParams = splitIdParams(SplitIdParams);

  router.post('/api/checkout-splits/:id/refund', auth('session'), splitParams, async (ctx: Context) => {
    const { principal, split } = await routeSplit(ctx, db, sessionPrincipal, 'split.refund');
    if (split.status !== 'captured') throw badRequest(REFUND_MESSAGES.notCaptured);

    const answer = await requestRefund(
      deps,
      split,
      'dashboard',
      { actor: `dashboard:${principal.userId}`, actorDetail: `user:${principal.userId}` },
      { splitId: split.id, amount: null, reason: null, idempotencyKey: null },
    );
    ctx.status = answer.status;
    ctx.body = answer.body;
  });

  router.post(
    '/api/merchants/checkout/splits/:id/refund',
    auth('api_key'),
    splitParams,
    validate('body', ServerRefundSchema, serverRefundFailure),
    async (ctx: Context) => {
      const body = validBody(ctx, ServerRefundSchema);
      // The header as Stripe's clients send it, when the body has no key of its own (the body's wins).
      const headerKey = idempotencyKeyHeader(ctx);
      // Another merchant's split, the other mode's, or one still being created: 404 alike.
      const { principal, split } = await routeSplit(ctx, db, apiKeyPrincipal, 'split.refund');
      const ask = {
        splitId: split.id,
        amount: body.amount,
        reason: body.reason,
        idempotencyKey: body.idempotency_key ?? headerKey ?? null,
      };
      const answer = await refundAnAmount(
        deps,
        split,
        principal,
        { actor: 'api_key', actorDetail: `api_key:${principal.apiKeyId}` },
        ask,
      );
      ctx.status = answer.status;
      ctx.body = answer.body;
    },
  );

  return router;
}
