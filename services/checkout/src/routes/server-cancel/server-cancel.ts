import { createHash } from 'node:crypto';
import { AppError, formatPounds, unsubscribeUrl, validate } from '@groupsplit/shared';
import { type CancelOutcome, cancelSplitUpdate, splitWorkflowId } from '@groupsplit/workflows';
import { sendEmail } from '@groupsplit/workflows/client';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { CheckoutDeps } from '../../deps';
import { apiKeyPrincipal } from '../checkout-sessions/checkout-sessions';
import { SplitIdParams } from './schema';

/** A UUID derived from a name (RFC 4122 layout, version 5 style) for e-mail ids that must repeat. */
function stableUuid(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const notFound = () => new AppError(404, 'Not found');
const notPending = (status: string) =>
  new AppError(409, `Only a pending split can be cancelled; this one is ${status}`, 'not_pending', undefined, {
    status,
  });

/** POST /api/merchants/checkout/splits/:id/cancel (API key): releases every hold and tells every payer. */
export function serverCancelRoutes(deps: CheckoutDeps): Router {
  const { db, config, temporal, logger } = deps;
  const router = new Router();

  async function emailPayers(splitId: string) {
    const split = await db
      .selectFrom('splits')
      .innerJoin('merchants', 'merchants.id', 'splits.merchant_id')
      .select(['splits.order_reference', 'splits.merchant_id', 'merchants.name'])
      .where('splits.id', '=', splitId)
      .executeTakeFirstOrThrow();
    const participants = await db
      .selectFrom('split_participants')
      .selectAll()
      .where('split_id', '=', splitId)
      .execute();
    for (const p of participants) {
      try {
        await sendEmail(
          temporal,
          {
            // One cancellation notice per participant, even if two cancel calls race.
            id: stableUuid(`checkout-canceled:${p.id}`),
            to: p.email,
            template: 'checkout.order_canceled',
            merchantId: split.merchant_id,
            category: 'participant',
            data: {
              business_name: split.name,
              order_reference: split.order_reference,
              amount: formatPounds(p.amount),
              unsubscribe_url: unsubscribeUrl(config, p.email),
            },
          },
          { taskQueue: config.TEMPORAL_TASK_QUEUE },
        );
      } catch (error) {
        // The split is cancelled either way; a lost notice must not turn that into an error.
        logger.error({ err: error, participantId: p.id }, 'cancellation e-mail could not be queued');
      }
    }
  }

  router.post(
    '/api/merchants/checkout/splits/:id/cancel',
    validate('params', SplitIdParams, notFound),
    async (ctx: Context) => {
      const principal = apiKeyPrincipal(ctx.state.principal);
      const split = await db
        .selectFrom('splits')
        .select(['id', 'status'])
        .where('id', '=', ctx.params.id as string)
        .where('merchant_id', '=', principal.merchantId)
        .where('mode', '=', principal.mode)
        .executeTakeFirst();
      if (!split) throw notFound();
      if (split.status === 'canceled') {
        ctx.body = { status: 'canceled' };
        return;
      }
      if (split.status !== 'pending' && split.status !== 'creating') throw notPending(split.status);

      let outcome: CancelOutcome;
      try {
        outcome = await temporal.client.workflow
          .getHandle(splitWorkflowId(split.id))
          .executeUpdate(cancelSplitUpdate, { args: [{ actor: `api_key:${principal.apiKeyId}` }] });
      } catch (error) {
        // The workflow finished between the read and the call: answer from where it ended.
        const now = await db.selectFrom('splits').select('status').where('id', '=', split.id).executeTakeFirst();
        if (!now || now.status === 'pending') throw error;
        outcome = { status: now.status, changed: false };
      }
      if (outcome.status !== 'canceled') throw notPending(outcome.status);
      if (outcome.changed) await emailPayers(split.id);
      ctx.body = { status: 'canceled' };
    },
  );

  return router;
}
