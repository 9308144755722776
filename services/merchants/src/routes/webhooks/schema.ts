import { badRequest, ModeSchema, notFound, TimestampSchema } from '@groupsplit/shared';
import { z } from 'zod';

export const DEFAULT_DELIVERY_LOG_LIMIT = 20;
export const MAX_DELIVERY_LOG_LIMIT = 100;

/** `limit` is clamped to 1–100 (docs/spec.md, Webhook tooling); absent or blank means 20; only a non-number is refused. */
export const DeliveryLogQuerySchema = z.object({
  limit: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number({ error: 'limit must be a number' }).refine(Number.isFinite, 'limit must be a number').optional(),
    )
    .transform((limit) =>
      limit === undefined
        ? DEFAULT_DELIVERY_LOG_LIMIT
        : Math.min(MAX_DELIVERY_LOG_LIMIT, Math.max(1, Math.trunc(limit))),
    )
    .meta({
      param: { description: 'How many rows: default 20, clamped to 1–100.' },
      override: { type: 'integer', minimum: 1, maximum: MAX_DELIVERY_LOG_LIMIT, default: DEFAULT_DELIVERY_LOG_LIMIT },
    }),
});

export const DeliveryParamsSchema = z.object({ id: z.string() });

export const DELIVERY_NOT_FOUND = 'Delivery not found';
export const deliveryNotFound = () => notFound(DELIVERY_NOT_FOUND, 'delivery_not_found');

export const webhookUrlNotSet = (mode: string) =>
  badRequest(
    `Set a webhook_url for ${mode} mode first (PATCH /api/merchants with X-Service-Mode: ${mode})`,
    'webhook_url_not_set',
  );

export const webhookSecretNotSet = (mode: string) =>
  badRequest(
    `Create a webhook secret for ${mode} mode first (POST /api/merchants/credentials/rotate with X-Service-Mode: ${mode})`,
    'webhook_secret_not_set',
  );

/** One attempt of the delivery log; `id` is what resend takes (docs/webhooks.md, Tooling). */
export const DeliverySchema = z
  .object({
    id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    mode: ModeSchema,
    trigger: z.enum(['event', 'test', 'resend']),
    attempt: z.number().int().meta({ description: '1 to 9 within its delivery.' }),
    url: z.string().nullable(),
    outcome: z.enum(['succeeded', 'failed', 'skipped']),
    status_code: z.number().int().nullable(),
    response_excerpt: z.string().nullable(),
    duration_ms: z.number().int().nullable(),
    error: z.string().nullable(),
    signed_at: TimestampSchema.nullable(),
    next_attempt_at: TimestampSchema.nullable(),
    gave_up_at: TimestampSchema.nullable(),
    started_at: TimestampSchema,
    created_at: TimestampSchema,
  })
  .meta({ id: 'WebhookDelivery' });

/** 202 from test send and resend: the worker had not finished; the log will show the attempt. */
export const PendingDeliverySchema = z
  .object({ outcome: z.literal('pending'), trigger: z.enum(['test', 'resend']) })
  .meta({ id: 'PendingDelivery' });
