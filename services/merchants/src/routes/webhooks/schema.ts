import {
  badRequest,
  EXAMPLE_VALUES,
  idField,
  ModeSchema,
  notFound,
  nullableTextField,
  nullableTimestampField,
  timestampField,
  WEBHOOK_EVENT_TYPES,
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
  starting_after: z
    .string()
    .optional()
    .meta({
      param: {
        description:
          'A delivery id from the page before: the rows that come after it (older), for paging. ' +
          'An unknown id answers 404 `delivery_not_found`.',
      },
      example: EXAMPLE_VALUES.ids.delivery,
    }),
  type: z
    .enum(WEBHOOK_EVENT_TYPES)
    .optional()
    .meta({ param: { description: 'Only attempts of this event type.' }, example: 'checkout_split.paid' }),
  status: z
    .enum(['succeeded', 'failed', 'skipped'])
    .optional()
    .meta({ param: { description: 'Only attempts with this `outcome`.' }, example: 'failed' }),
  split_id: z
    .string()
    .optional()
    .meta({
      param: { description: "Only attempts of events about this split (the event's `data.split_id`)." },
      example: EXAMPLE_VALUES.ids.split,
    }),
});

/** POST /api/merchants/webhooks/test: which sample to send. Other fields are ignored, as before this body existed. */
export const TestSendSchema = z.looseObject({
  type: z.enum(WEBHOOK_EVENT_TYPES).optional().meta({
    description: 'The event type of the sample; default `checkout_split.paid`.',
    example: 'checkout_split.paid',
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

/** GET /api/merchants/webhooks/deliveries/:id: one attempt with what was sent (the log's detail view). */
export const DeliveryDetailSchema = DeliverySchema.extend({
  request_headers: z
    .record(z.string(), z.string())
    .nullable()
    .meta({
      description:
        'The headers sent; the signature shows its timestamp only (its `v1` is not kept). Null when nothing was sent.',
      example: { 'Content-Type': 'application/json', 'X-Service-Attempt': '1' },
    }),
  request_body: z.string().meta({
    description: 'The exact JSON body every attempt of this event sends (the envelope).',
    example: '{"id":"6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16","type":"checkout_split.paid"}',
  }),
}).meta({ id: 'WebhookDeliveryDetail', description: 'One attempt of the delivery log, with the request it sent.' });
