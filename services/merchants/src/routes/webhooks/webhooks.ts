import { randomUUID } from 'node:crypto';
import {
  getWebhookSettings,
  isUuid,
  merchantContext,
  permit,
  serviceMode,
  TIMED_OUT,
  validate,
  validQuery,
  within,
} from '@groupsplit/shared';
import { type WebhookManualSendInput, webhookManualSendWorkflow } from '@groupsplit/workflows';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { MerchantsDeps } from '../../deps';
import { presentDelivery } from './presenter';
import {
  DeliveryLogQuerySchema,
  DeliveryParamsSchema,
  deliveryNotFound,
  webhookSecretNotSet,
  webhookUrlNotSet,
} from './schema';

/**
 * GET /api/merchants/webhooks/deliveries, POST /api/merchants/webhooks/test and
 * POST /api/merchants/webhooks/deliveries/:id/resend.
 */
export function webhookRoutes(deps: MerchantsDeps): Router {
  const { db, config, temporal } = deps;
  const router = new Router();

  /** Refuses up front what would only end as a failed attempt, so the button explains itself. */
  async function assertDeliverable(merchantId: string, mode: 'test' | 'live') {
    const settings = await getWebhookSettings(db, config, merchantId, mode);
    if (!settings.url) throw webhookUrlNotSet(mode);
    if (!settings.secret) throw webhookSecretNotSet(mode);
  }

  /**
   * Runs one signed attempt and answers with its log row (200). If the worker has not
   * finished well after the endpoint's own time limit, answers 202 and the log tells the rest.
   */
  async function sendOnce(ctx: Context, input: WebhookManualSendInput) {
    const handle = await temporal.client.workflow.start(webhookManualSendWorkflow, {
      workflowId: `webhook-${input.kind}:${randomUUID()}`,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      args: [input],
    });
    const waited = await within(handle.result(), config.WEBHOOK_TIMEOUT_MS + 15_000);
    const row =
      waited !== TIMED_OUT && waited.lastAttemptId
        ? await db
            .selectFrom('webhook_deliveries')
            .selectAll()
            .where('id', '=', waited.lastAttemptId)
            .executeTakeFirst()
        : undefined;
    if (!row) {
      ctx.status = 202;
      ctx.body = { outcome: 'pending', trigger: input.kind };
      return;
    }
    ctx.status = 200;
    ctx.body = presentDelivery(row);
  }

  router.get(
    '/api/merchants/webhooks/deliveries',
    merchantContext(db),
    permit('webhook_log.view'),
    validate('query', DeliveryLogQuerySchema),
    async (ctx) => {
      const { merchant } = ctx.state.merchantContext;
      const mode = serviceMode(ctx);
      const { limit } = validQuery(ctx, DeliveryLogQuerySchema);
      const rows = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('merchant_id', '=', merchant.id)
        .where('mode', '=', mode)
        .orderBy('created_at', 'desc')
        .orderBy('attempt', 'desc')
        .limit(limit)
        .execute();
      ctx.body = rows.map(presentDelivery);
    },
  );

  router.post('/api/merchants/webhooks/test', merchantContext(db), permit('webhook.test'), async (ctx) => {
    const { merchant } = ctx.state.merchantContext;
    const mode = serviceMode(ctx);
    await assertDeliverable(merchant.id, mode);
    await sendOnce(ctx, { kind: 'test', merchantId: merchant.id, mode });
  });

  router.post(
    '/api/merchants/webhooks/deliveries/:id/resend',
    merchantContext(db),
    permit('webhook.resend'),
    validate('params', DeliveryParamsSchema),
    async (ctx) => {
      const { merchant } = ctx.state.merchantContext;
      const id = String(ctx.params.id);
      if (!isUuid(id)) throw deliveryNotFound();
      const delivery = await db
        .selectFrom('webhook_deliveries')
        .select(['event_id', 'mode'])
        .where('id', '=', id)
        .where('merchant_id', '=', merchant.id)
        .executeTakeFirst();
      if (!delivery) throw deliveryNotFound();
      await assertDeliverable(merchant.id, delivery.mode);
      await sendOnce(ctx, { kind: 'resend', eventId: delivery.event_id });
    },
  );

  return router;
}
