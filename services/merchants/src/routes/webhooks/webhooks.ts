import { randomUUID } from 'node:crypto';
import {
  describeWebhookRequest,
  getWebhookSettings,
  isUuid,
  merchantContext,
  permit,
  serviceMode,
  TIMED_OUT,
  validate,
  validBody,
  validQuery,
  within,
} from '@groupsplit/shared';
import { type WebhookManualSendInput, webhookManualSendWorkflow } from '@groupsplit/workflows';
import Router from '@koa/router';
import type { Context } from 'koa';
import { sql } from 'kysely';
import type { MerchantsDeps } from '../../deps';
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
      const { limit, starting_after, type, status, split_id } = validQuery(ctx, DeliveryLogQuerySchema);
      let cursor: { created_at: Date; attempt: number; id: string } | undefined;
      if (starting_after !== undefined) {
        cursor = isUuid(starting_after)
          ? await db
              .selectFrom('webhook_deliveries')
              .select(['created_at', 'attempt', 'id'])
              .where('id', '=', starting_after)
              .where('merchant_id', '=', merchant.id)
              .where('mode', '=', mode)
              .executeTakeFirst()
          : undefined;
        if (!cursor) throw deliveryNotFound();
      }
      // A split id that is not a uuid matches no event.
      if (split_id !== undefined && !isUuid(split_id)) {
        ctx.body = [];
        return;
      }
      let query = db
        .selectFrom('webhook_deliveries')
        .selectAll('webhook_deliveries')
        .where('webhook_deliveries.merchant_id', '=', merchant.id)
        .where('webhook_deliveries.mode', '=', mode);
      if (type) query = query.where('webhook_deliveries.event_type', '=', type);
      if (status) query = query.where('webhook_deliveries.outcome', '=', status);
      if (split_id) {
        query = query.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('webhook_events')
              .select('webhook_events.id')
              .whereRef('webhook_events.id', '=', 'webhook_deliveries.event_id')
              .where(sql<boolean>`webhook_events.payload->>'split_id' = ${split_id}`),
          ),
        );
      }
      if (cursor) {
        // The log's own order (newest first, then attempt, then id), so pages neither repeat nor skip rows.
        query = query.where(
          sql<boolean>`(webhook_deliveries.created_at, webhook_deliveries.attempt, webhook_deliveries.id) < (${cursor.created_at}, ${cursor.attempt}, ${cursor.id}::uuid)`,
        );
      }
      const rows = await query
        .orderBy('webhook_deliveries.created_at', 'desc')
        .orderBy('webhook_deliveries.attempt', 'desc')
        .orderBy('webhook_deliveries.id', 'desc')
        .limit(limit)
        .execute();
      ctx.body = rows.map(presentDelivery);
    },
  );

  router.get(
    '/api/merchants/webhooks/deliveries/:id',
    merchantContext(db),
    permit('webhook_log.view'),
    validate('params', DeliveryParamsSchema),
    async (ctx) => {
      const { merchant } = ctx.state.merchantContext;
      const id = String(ctx.params.id);
      if (!isUuid(id)) throw deliveryNotFound();
      const row = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('id', '=', id)
        .where('merchant_id', '=', merchant.id)
        .executeTakeFirst();
      if (!row) throw deliveryNotFound();
      const event = await db
        .selectFrom('webhook_events')
        .select(['id', 'type', 'mode', 'payload', 'sample', 'created_at'])
        .where('id', '=', row.event_id)
        .executeTakeFirstOrThrow();
      const request = describeWebhookRequest(event, row);
      ctx.body = { ...presentDelivery(row), request_headers: request.headers, request_body: request.body };
    },
  );

  router.post(
    '/api/merchants/webhooks/test',
    merchantContext(db),
    permit('webhook.test'),
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
