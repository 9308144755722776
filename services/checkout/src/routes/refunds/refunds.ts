import { AppError, authorize, PAUSED_MESSAGE, sessionPrincipal, validate } from '@groupsplit/shared';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { CheckoutDeps } from '../../deps';
import { REFUND_MESSAGES, requestRefund } from './request-refund';
import { RefundSplitParams } from './schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /api/checkout-splits/:id/refund (session): the dashboard's whole-split refund. Every
 * captured share is refunded in full with its 20p, each as its own processor refund, and the
 * service fee reversed; the answer is the same refund result the API-key route gives.
 */
export function refundRoutes(deps: CheckoutDeps): Router {
  const { db } = deps;
  const router = new Router();

  router.post('/api/checkout-splits/:id/refund', validate('params', RefundSplitParams), async (ctx: Context) => {
    const principal = sessionPrincipal(ctx.state.principal);
    const id = ctx.params.id as string;
    const split = UUID.test(id)
      ? await db
          .selectFrom('splits')
          .selectAll()
          .where('id', '=', id)
          .where('status', '!=', 'creating')
          .executeTakeFirst()
      : undefined;
    if (!split) throw new AppError(404, 'Not found');

    const merchant = await db
      .selectFrom('merchants')
      .select('paused_at')
      .where('id', '=', split.merchant_id)
      .executeTakeFirstOrThrow();
    // A paused workspace is read-only for everyone, the split's creator included.
    if (merchant.paused_at) throw new AppError(403, PAUSED_MESSAGE, 'business_forbidden');
    if (split.created_by !== principal.userId) {
      const member = await db
        .selectFrom('memberships')
        .select('role')
        .where('merchant_id', '=', split.merchant_id)
        .where('user_id', '=', principal.userId)
        .executeTakeFirst();
      if (!member) throw new AppError(403, REFUND_MESSAGES.forbidden);
      authorize({ role: member.role }, 'split.refund', merchant, REFUND_MESSAGES.forbidden);
    }
    if (split.status !== 'captured') throw new AppError(400, REFUND_MESSAGES.notCaptured);

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

  return router;
}
