import { randomUUID } from 'node:crypto';
import {
  describeWebhookRequest,
  getWebhookSettings,
  isUuid,
  serviceMode,
  TIMED_OUT,
  validate,
  validBody,
  validQuery,
  WebhookDeliveriesRepository,
  WebhookEventsRepository,
  within,
} from '@groupsplit/shared';
import { type WebhookManualSendInput, webhookManualSendWorkflow } from '@groupsplit/workflows';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { MerchantsDeps } from '../../deps';
import { businessAction } from '../business-action';
import { presentDelivery } from './presenter';
import {
  DeliveryLogQuerySchema,
  DeliveryParamsSchema,
  deliveryNotFound,
  TestSendSchema,
  webhookSecretNotSet,
  webhookUrlNotSet,
} from './schema';

/**
 * GET /api/merchants/webhooks/deliveries (paged and filtered), GET …/deliveries/:id (with the request sent),
 * POST /api/merchants/webhooks/test and POST /api/merchants/webhooks/deliveries/:id/resend.
 */
export function webhookRoutes(deps: MerchantsDeps): Router {
  const { db, config, temporal } = deps;
  const router = new Router();

  /** The delivery `:id` names in the caller's business; any other id (or not an id) is 404 alike. */
  async function findDelivery(ctx: Context) {
    const id = String(ctx.params.id);
    const row = isUuid(id)
      ? await new WebhookDeliveriesRepository(db).find(id, ctx.state.merchantContext.merchant.id)
      : undefined;
    if (!row) throw deliveryNotFound();
    return row;
  }

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
        ? await new WebhookDeliveriesRepository(db).find(waited.lastAttemptId)
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
    ...businessAction(db, 'webhook_log.view'),
    validate('query', DeliveryLogQuerySchema),
    async (ctx) => {
      const { merchant } = ctx.state.merchantContext;
      const mode = serviceMode(ctx);
      const { limit, starting_after, type, status, split_id } = validQuery(ctx, DeliveryLogQuerySchema);
      let cursor: { created_at: Date; attempt: number; id: string } | undefined;
      if (starting_after !== undefined) {
        cursor = isUuid(starting_after)
          ? await new WebhookDeliveriesRepository(db).findCursor(starting_after, merchant.id, mode)
          : undefined;
        if (!cursor) throw deliveryNotFound();
      }
      // A split id that is not a uuid matches no event.
      if (split_id !== undefined && !isUuid(split_id)) {
        ctx.body = [];
        return;
      }
      const rows = await new WebhookDeliveriesRepository(db).page({
        merchantId: merchant.id,
        mode,
        ...(type ? { type } : {}),
        ...(status ? { outcome: status } : {}),
        ...(split_id ? { splitId: split_id } : {}),
        ...(cursor ? { cursor } : {}),
        limit,
      });
      ctx.body = rows.map(presentDelivery);
    },
  );

  router.get(
    '/api/merchants/webhooks/deliveries/:id',
    ...businessAction(db, 'webhook_log.view'),
    validate('params', DeliveryParamsSchema),
    async (ctx) => {
      const row = await findDelivery(ctx);
      const event = await new WebhookEventsRepository(db).getForRequest(row.event_id);
      const request = describeWebhookRequest(event, row);
      ctx.body = { ...presentDelivery(row), request_headers: request.headers, request_body: request.body };
    },
  );

  router.post(
    '/api/merchants/webhooks/test',
    ...businessAction(db, 'webhook.test'),
    validate('body', TestSendSchema),
    async (ctx) => {
      const { merchant } = ctx.state.merchantContext;
      const mode = serviceMode(ctx);
      const { type } = validBody(ctx, TestSendSchema);
      await assertDeliverable(merchant.id, mode);
      await sendOnce(ctx, { kind: 'test', merchantId: merchant.id, mode, ...(type ? { type } : {}) });
    },
  );

  router.post(
    '/api/merchants/webhooks/deliveries/:id/resend',
    ...businessAction(db, 'webhook.resend'),
    validate('params', DeliveryParamsSchema),
    async (ctx) => {
      const delivery = await findDelivery(ctx);
      await assertDeliverable(delivery.merchant_id, delivery.mode);
      await sendOnce(ctx, { kind: 'resend', eventId: delivery.event_id });
    },
  );

  return router;
}
