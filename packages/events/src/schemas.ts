import {
  currencyField,
  EXAMPLE_VALUES,
  emailField,
  idField,
  ModeSchema,
  nullableTextField,
  poundsField,
  sessionTokenField,
  textField,
  timestampField,
} from '@groupsplit/http';
import { z } from 'zod';
import type { WEBHOOK_EVENT_TYPES } from './outbox';

/**
 * The webhook bodies a merchant receives (docs/webhooks.md), as schemas: the OpenAPI document's
 * `webhooks` section is built from them, and the data builders in ./split-event-data.ts return
 * their types, so the two cannot drift apart.
 */

const SessionFields = {
  session_token: nullableTextField(
    'The hosted-checkout session; null for a dashboard split.',
    EXAMPLE_VALUES.sessionToken,
  ),
  customer_email: nullableTextField(
    "The session's `customer_email`; null for a dashboard split.",
    EXAMPLE_VALUES.email,
  ),
  customer_name: nullableTextField("The session's `customer_name`; null for a dashboard split.", 'Alex Morgan'),
  metadata: z
    .record(z.string(), z.string())
    .nullable()
    .meta({
      description: "The session's metadata, as sent; null for a dashboard split.",
      example: { order_id: '1001' },
    }),
};

export const WebhookParticipantSchema = z
  .object({
    id: idField('participant', 'The participant id.'),
    email: emailField('Their e-mail address.'),
    amount: poundsField('Their share.', EXAMPLE_VALUES.share),
    refunded_amount: poundsField('How much of their share has been refunded.', '0.00'),
    status: z
      .string()
      .meta({ description: 'The participant status (`pending`, `authorised`, `captured`…).', example: 'captured' }),
  })
  .meta({ id: 'WebhookParticipant', description: 'One participant as events show them.' });

export const WebhookRefundSchema = z
  .object({
    refund_id: idField('refund', 'The refund id.'),
    amount: poundsField('What was refunded.', '10.00'),
    total_refunded: poundsField('Everything refunded on the split so far.', '10.00'),
    status: z.string().meta({ description: '`complete`, `partial` or `in_progress`.', example: 'complete' }),
    reason: nullableTextField('The reason given, or null.', 'Item out of stock'),
    actor: z.string().meta({ description: '`api_key`, `dashboard:<user>` or `processor`.', example: 'api_key' }),
  })
  .meta({ id: 'WebhookRefund', description: 'The refund that caused a `checkout_split.refunded` event.' });

/** `data` of every `checkout_split.*` event. */
export const SplitEventDataSchema = z
  .object({
    split_id: idField('split', 'The split (`split.id` of the session status).'),
    order_reference: textField('The order reference.', EXAMPLE_VALUES.orderReference),
    status: z.string().meta({
      description:
        'The split status when the event happened: `captured` (paid), `canceled`, `refunded` or `partially_refunded`, `pending` (`participant_authorised`, `authorised`).',
      example: 'captured',
    }),
    currency: currencyField(),
    total_amount: poundsField('The order total.'),
    approved_count: z.number().int().meta({ description: 'Participants who have authorised.', example: 2 }),
    total_count: z.number().int().meta({ description: 'Participants in the split.', example: 2 }),
    participants: z.array(WebhookParticipantSchema).meta({ description: 'Everyone paying a share.' }),
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
  .meta({ id: 'SplitEventData', description: '`data` of every `checkout_split.*` event.' });
export type SplitEventData = z.infer<typeof SplitEventDataSchema>;

/** `data` of `checkout_session.expired`. */
export const SessionExpiredEventDataSchema = z
  .object({
    session_token: sessionTokenField('The session that expired.'),
    order_reference: textField('The order reference.', EXAMPLE_VALUES.orderReference),
    amount: poundsField('The order total.'),
    currency: currencyField(),
    customer_email: SessionFields.customer_email,
    customer_name: SessionFields.customer_name,
    metadata: SessionFields.metadata,
    expired_at: timestampField('When the session expired.'),
    split_id: nullableTextField('Always null: a session with a split does not expire this way.', null),
  })
  .meta({ id: 'SessionExpiredEventData', description: '`data` of `checkout_session.expired`.' });
export type SessionExpiredEventData = z.infer<typeof SessionExpiredEventDataSchema>;

const envelope = <T extends (typeof WEBHOOK_EVENT_TYPES)[number], D extends z.ZodType>(type: T, data: D) =>
  z.object({
    id: z.uuid().meta({
      description: 'The event id; also the `X-Service-Event-Id` header. Dedupe on it.',
      example: EXAMPLE_VALUES.ids.event,
    }),
    type: z.literal(type).meta({ description: 'The event type.' }),
    created: z
      .number()
      .int()
      .meta({ description: 'Unix seconds when the event happened (not when it was sent).', example: 1788264000 }),
    mode: ModeSchema,
    sample: z.boolean().meta({ description: "True only for the dashboard's test send.", example: false }),
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
  'checkout_split.authorised': envelope('checkout_split.authorised', SplitEventDataSchema).meta({
    id: 'SplitAuthorisedEvent',
  }),
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
