import { z } from 'zod';
import { ModeSchema, PoundsSchema, TimestampSchema } from '../openapi/common';
import type { WEBHOOK_EVENT_TYPES } from './outbox';

/**
 * The webhook bodies a merchant receives (docs/webhooks.md), as schemas: the OpenAPI document's
 * `webhooks` section is built from them, and the data builders in ./split-event-data.ts return
 * their types, so the two cannot drift apart.
 */

const SessionFields = {
  session_token: z
    .string()
    .nullable()
    .meta({ description: 'The hosted-checkout session; null for a dashboard split.' }),
  customer_email: z.string().nullable(),
  customer_name: z.string().nullable(),
  metadata: z.record(z.string(), z.string()).nullable().meta({ description: "The session's metadata, as sent." }),
};

export const WebhookParticipantSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    amount: PoundsSchema,
    refunded_amount: PoundsSchema,
    status: z.string().meta({ description: 'The participant status (`pending`, `authorised`, `captured`…).' }),
  })
  .meta({ id: 'WebhookParticipant' });

export const WebhookRefundSchema = z
  .object({
    refund_id: z.string(),
    amount: PoundsSchema,
    total_refunded: PoundsSchema,
    status: z.string().meta({ description: '`complete`, `partial` or `in_progress`.' }),
    reason: z.string().nullable(),
    actor: z.string().meta({ description: '`api_key`, `dashboard:<user>` or `processor`.' }),
  })
  .meta({ id: 'WebhookRefund' });

/** `data` of every `checkout_split.*` event. */
export const SplitEventDataSchema = z
  .object({
    split_id: z.string(),
    order_reference: z.string(),
    status: z.string().meta({
      description:
        'The split status when the event happened: `captured` (paid), `canceled`, `refunded` or `partially_refunded`, `pending`.',
    }),
    currency: z.string(),
    total_amount: PoundsSchema,
    approved_count: z.number().int(),
    total_count: z.number().int(),
    participants: z.array(WebhookParticipantSchema),
    ...SessionFields,
    participant: WebhookParticipantSchema.optional().meta({
      description: '`participant_authorised` only: who just authorised.',
    }),
    refund: WebhookRefundSchema.optional().meta({ description: '`refunded` only: the refund that caused the event.' }),
    reason: z
      .enum(['canceled', 'expired'])
      .optional()
      .meta({ description: '`canceled` only: cancelled by someone, or the holds expired.' }),
  })
  .meta({ id: 'SplitEventData' });
export type SplitEventData = z.infer<typeof SplitEventDataSchema>;

/** `data` of `checkout_session.expired`. */
export const SessionExpiredEventDataSchema = z
  .object({
    session_token: z.string(),
    order_reference: z.string(),
    amount: PoundsSchema,
    currency: z.string(),
    customer_email: z.string().nullable(),
    customer_name: z.string().nullable(),
    metadata: z.record(z.string(), z.string()).nullable(),
    expired_at: TimestampSchema,
    split_id: z.string().nullable(),
  })
  .meta({ id: 'SessionExpiredEventData' });
export type SessionExpiredEventData = z.infer<typeof SessionExpiredEventDataSchema>;

const envelope = <T extends (typeof WEBHOOK_EVENT_TYPES)[number], D extends z.ZodType>(type: T, data: D) =>
  z.object({
    id: z.uuid().meta({ description: 'The event id; also the `X-Service-Event-Id` header. Dedupe on it.' }),
    type: z.literal(type),
    created: z.number().int().meta({ description: 'Unix seconds when the event happened (not when it was sent).' }),
    mode: ModeSchema,
    sample: z.boolean().meta({ description: "True only for the dashboard's test send." }),
    ...Object.fromEntries(Object.entries(SessionFields).map(([key, schema]) => [key, schema.optional()])),
    data,
  });

/** Each event's body, by type. */
export const WEBHOOK_EVENT_SCHEMAS = {
  'checkout_split.participant_authorised': envelope('checkout_split.participant_authorised', SplitEventDataSchema).meta(
    {
      id: 'ParticipantAuthorisedEvent',
    },
  ),
  'checkout_split.paid': envelope('checkout_split.paid', SplitEventDataSchema).meta({ id: 'SplitPaidEvent' }),
  'checkout_split.canceled': envelope('checkout_split.canceled', SplitEventDataSchema).meta({
    id: 'SplitCanceledEvent',
  }),
  'checkout_split.refunded': envelope('checkout_split.refunded', SplitEventDataSchema).meta({
    id: 'SplitRefundedEvent',
  }),
  'checkout_session.expired': envelope('checkout_session.expired', SessionExpiredEventDataSchema).meta({
    id: 'SessionExpiredEvent',
  }),
} as const satisfies Record<(typeof WEBHOOK_EVENT_TYPES)[number], z.ZodType>;
