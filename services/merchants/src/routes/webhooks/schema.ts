import {
  badRequest,
  EXAMPLE_VALUES,
  idField,
  ModeSchema,
  notFound,
  nullableTextField,
  nullableTimestampField,
  timestampField,
} from '@groupsplit/shared';
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

export const DeliveryParamsSchema = z.object({
  id: z
    .string()
    .meta({ description: 'The delivery log row (`id` of the delivery log).', example: EXAMPLE_VALUES.ids.delivery }),
});

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
    id: idField('delivery', 'The row id (what resend takes).'),
    event_id: idField('event', 'The event (`X-Service-Event-Id`).'),
    event_type: z.string().meta({ description: 'The event type.', example: 'checkout_split.paid' }),
    mode: ModeSchema,
    trigger: z
      .enum(['event', 'test', 'resend'])
      .meta({ description: 'What sent it: a real event, a test send or a resend.', example: 'event' }),
    attempt: z.number().int().meta({ description: '1 to 9 within its delivery.', example: 1 }),
    url: nullableTextField('Where it was sent; null when skipped.', 'https://shop.example.com/webhooks'),
    outcome: z.enum(['succeeded', 'failed', 'skipped']).meta({
      description: '`succeeded` (a 2xx in time), `failed` or `skipped` (no URL or secret).',
      example: 'succeeded',
    }),
    status_code: z.number().int().nullable().meta({ description: "Your answer's status, or null.", example: 200 }),
    response_excerpt: nullableTextField("The start of your answer's body, or null.", 'ok'),
    duration_ms: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'How long your server took, in milliseconds.', example: 84 }),
    error: nullableTextField('Why it failed without an answer (timeout, refused), or null.', null),
    signed_at: nullableTimestampField("The signature's timestamp (`t`), or null when skipped."),
    next_attempt_at: nullableTimestampField('When the next retry is due, or null.', null),
    gave_up_at: nullableTimestampField('Set on the last attempt when every retry failed.', null),
    started_at: timestampField('When the attempt started.'),
    created_at: timestampField('When the row was written.'),
  })
  .meta({ id: 'WebhookDelivery', description: 'One attempt of the delivery log.' });

/** 202 from test send and resend: the worker had not finished; the log will show the attempt. */
export const PendingDeliverySchema = z
  .object({
    outcome: z.literal('pending').meta({ description: 'Not finished yet: the delivery log will show the attempt.' }),
    trigger: z.enum(['test', 'resend']).meta({ description: 'A test send or a resend.', example: 'test' }),
  })
  .meta({ id: 'PendingDelivery', description: 'Accepted; the attempt is still running.' });
