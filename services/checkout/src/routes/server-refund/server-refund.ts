import { AppError, validate, validBody } from '@groupsplit/shared';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { CheckoutDeps } from '../../deps';
import { apiKeyPrincipal } from '../checkout-sessions/checkout-sessions';
import {
  answerFromRefund,
  findRefundByKey,
  notRefundable,
  overRefund,
  refundedSoFar,
  requestRefund,
} from '../refunds/request-refund';
import { SplitIdParams } from '../server-cancel/schema';
import { ServerRefundSchema, serverRefundFailure } from './schema';

const notFound = () => new AppError(404, 'Not found');
const REFUNDABLE = ['captured', 'partially_refunded'];

/**
 * POST /api/merchants/checkout/splits/:id/refund (API key): refunds an amount (or everything still
 * outstanding) spread pro-rata over the participants who paid. See docs/refunds.md.
 */
export function serverRefundRoutes(deps: CheckoutDeps): Router {
  const { db } = deps;
  const router = new Router();

  router.post(
    '/api/merchants/checkout/splits/:id/refund',
    validate('params', SplitIdParams, notFound),
    validate('body', ServerRefundSchema, serverRefundFailure),
    async (ctx: Context) => {
      const principal = apiKeyPrincipal(ctx.state.principal);
      const body = validBody(ctx, ServerRefundSchema);
      // Another merchant's split, the other mode's, or one still being created: 404 alike.
      const split = await db
        .selectFrom('splits')
        .selectAll()
        .where('id', '=', ctx.params.id as string)
        .where('merchant_id', '=', principal.merchantId)
        .where('mode', '=', principal.mode)
        .where('status', '!=', 'creating')
        .executeTakeFirst();
      if (!split) throw notFound();
      const ask = { splitId: split.id, amount: body.amount, reason: body.reason, idempotencyKey: body.idempotency_key };

      // A repeated key replays what it answered the first time (the worker checks again).
      if (ask.idempotencyKey !== null) {
        const earlier = await findRefundByKey(deps, principal, ask.idempotencyKey);
        if (earlier && earlier.status !== 'in_progress') {
          const answer = answerFromRefund(earlier, ask);
          ctx.status = answer.status;
          ctx.body = answer.body;
          return;
        }
      }
      if (!REFUNDABLE.includes(split.status)) throw notRefundable('api', split.status);
      const { outstanding } = await refundedSoFar(deps, split.id);
      if (outstanding <= 0) throw notRefundable('api', split.status);
      if (ask.amount !== null && ask.amount > outstanding) throw overRefund(ask.amount, outstanding);

      const answer = await requestRefund(
        deps,
        split,
        'api',
        { actor: 'api_key', actorDetail: `api_key:${principal.apiKeyId}` },
        ask,
      );
      ctx.status = answer.status;
      ctx.body = answer.body;
    },
  );

  return router;
}
