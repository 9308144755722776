import { PARTICIPANT_STATUSES, PoundsSchema, SPLIT_STATUSES, TimestampSchema } from '@groupsplit/shared';
import { z } from 'zod';

/*
 * The response shapes of a split that several routes answer with (the pay view, the hosted
 * checkout, the session status, the split detail, refunds): one schema per shape, here, so no
 * route reaches into another route's folder for it.
 */

export const ParticipantStatusSchema = z.enum(PARTICIPANT_STATUSES).meta({ id: 'ParticipantStatus' });
/** Every status but `creating` (holds still being placed), which the API never shows. */
export const SplitStatusSchema = z.enum(SPLIT_STATUSES).exclude(['creating']).meta({
  id: 'SplitStatus',
  description:
    'Terminal: `captured`, `canceled`, `refunded`, `creation_failed`, `capture_failed` (and `partially_refunded` until the rest is refunded).',
});
/** One order line as payers see it (the hosted session's lines; a dashboard split has none). */
export const LineItemViewSchema = z
  .object({
    description: z.string(),
    amount: PoundsSchema,
    quantity: z.number().int().min(1),
    /** The service's own copy of the picture, or null (no picture: none is shown). */
    image_url: z.string().nullable(),
  })
  .meta({ id: 'LineItemView' });

/**
 * The group's progress, as any one participant may see it: counts, and each participant's masked
 * e-mail (`a***@example.com`) and status. Never another participant's pay token or full e-mail.
 */
export const GroupProgressSchema = z
  .object({
    /** Participants who have authorised (or been captured or refunded since). */
    approved_count: z.number().int().min(0),
    total_count: z.number().int().min(1),
    participants: z.array(
      z.object({
        email_masked: z.string(),
        status: ParticipantStatusSchema,
        /** This is the participant whose pay token was used. */
        is_you: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'GroupProgress' });

/** Detail amounts: stored decimals without two-place formatting (`12.5`, `12`, `0.2`). */
const DecimalPounds = z
  .string()
  .regex(/^-?\d+(\.\d{1,2})?$/)
  .meta({
    id: 'DecimalPounds',
    description:
      'A stored decimal in pounds without two-place formatting (`12.5`, `12`, `0.2`); parse it as a decimal.',
    example: '12.5',
  });
const Timestamp = TimestampSchema;

/** One participant of the detail record (spec: Participant (detail)). */
export const ParticipantDetailSchema = z
  .object({
    id: z.string(),
    user_id: z.string().nullable(),
    email: z.string(),
    amount: DecimalPounds,
    application_fee: DecimalPounds,
    status: ParticipantStatusSchema,
    processor_payment_intent_id: z.string().nullable(),
    pay_token: z.string(),
    disputed_at: Timestamp.nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'ParticipantDetail' });

/** One refund of the history (spec: Refund result and history); amounts are two-place pounds. */
export const RefundHistoryEntrySchema = z
  .object({
    refund_id: z.string(),
    amount: PoundsSchema,
    refunded: PoundsSchema,
    status: z.enum(['in_progress', 'complete', 'partial']),
    reason: z.string().nullable(),
    actor: z.string().meta({ description: '`api_key`, `dashboard:<user>` or `processor`.' }),
    created_at: Timestamp,
  })
  .meta({ id: 'RefundHistoryEntry' });

/**
 * GET /api/checkout-splits/:id (spec: Checkout split (detail)); also the dashboard replace's answer.
 * `refunds` is ours, beyond the spec's field list: the same history the status endpoint shows.
 */
export const SplitDetailSchema = z
  .object({
    id: z.string(),
    merchant_id: z.string(),
    created_by: z.string().nullable(),
    order_reference: z.string(),
    currency: z.string(),
    total_amount: DecimalPounds,
    application_fee_total: DecimalPounds,
    customer_fee_total: DecimalPounds,
    merchant_fee_total: DecimalPounds,
    customer_fee: DecimalPounds,
    merchant_fee: DecimalPounds,
    merchant_fee_bps: z.number().int(),
    status: SplitStatusSchema,
    processor_account_id: z.string(),
    authorization_expires_at: Timestamp,
    disputed_at: Timestamp.nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
    participants: z.array(ParticipantDetailSchema),
    refunds: z.array(RefundHistoryEntrySchema),
  })
  .meta({ id: 'SplitDetail' });
