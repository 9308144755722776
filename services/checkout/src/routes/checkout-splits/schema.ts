import {
  type AppError,
  badRequest,
  type ErrorDetail,
  idParams,
  MESSAGES,
  PoundsSchema,
  TimestampSchema,
} from '@groupsplit/shared';
import { z } from 'zod';
import { ParticipantStatusSchema, SplitStatusSchema } from '../pay/schema';

/** The spec's messages for a bad create body, most general first. */
export const CREATE_SPLIT_MESSAGES = {
  validation: MESSAGES.validationFailed,
  empty: MESSAGES.noParticipants,
  row: MESSAGES.participantRow,
  minShare: MESSAGES.minShare,
} as const;

const M = CREATE_SPLIT_MESSAGES;

export const NewParticipantSchema = z.object(
  {
    email: z.string({ error: M.row }).min(1, { error: M.row }),
    amountMinor: z
      .number({ error: M.row })
      .int({ error: M.row })
      .positive({ error: M.row })
      .min(100, { error: M.minShare })
      .max(Number.MAX_SAFE_INTEGER, { error: M.row }),
  },
  { error: M.row },
);

/**
 * POST /api/checkout-splits. A missing or non-array `participants` is `Validation failed`;
 * an empty array is `A checkout split needs at least one participant` (docs/splits.md).
 */
export const CreateSplitSchema = z.object(
  {
    merchantId: z.string({ error: M.validation }),
    orderReference: z.string({ error: M.validation }),
    // Not validated beyond being text: the spec passes it to the processor as sent.
    currency: z.string({ error: M.validation }).min(1, { error: M.validation }).optional(),
    participants: z.array(NewParticipantSchema, { error: M.validation }).min(1, { error: M.empty }),
  },
  { error: M.validation },
);

const PRIORITY: string[] = [M.validation, M.empty, M.row, M.minShare];

/** Answers with the most general spec message among the issues found. */
export function createSplitFailure(details: ErrorDetail[]): AppError {
  const messages = new Set(details.map((d) => d.message));
  const message = PRIORITY.find((m) => messages.has(m)) ?? M.validation;
  return badRequest(message);
}

/** GET /api/checkout-splits/:id: anything but a UUID is an unknown split (404). */
export const SplitIdParams = idParams('id');

// ---- responses ------------------------------------------------------------------------------

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

/** POST /api/checkout-splits: 201, camelCase, amounts in pence. */
export const CreatedSplitSchema = z
  .object({
    id: z.string(),
    status: z.literal('pending'),
    participants: z.array(
      z.object({
        id: z.string(),
        email: z.string(),
        amountMinor: z.number().int(),
        feeMinor: z.number().int().meta({ description: 'Service fee in pence; card charge = amountMinor + feeMinor.' }),
        paymentIntentId: z.string().nullable(),
        clientSecret: z.string().nullable().meta({ description: 'Only for a merchant building their own pay page.' }),
        payToken: z.string(),
      }),
    ),
  })
  .meta({ id: 'CreatedSplit' });

/** GET /api/checkout-splits and /mine: one split of the list. */
export const SplitSummarySchema = z
  .object({
    id: z.string(),
    order_reference: z.string(),
    currency: z.string(),
    status: SplitStatusSchema,
    total_amount: PoundsSchema,
    created_at: Timestamp,
    participants: z.array(
      z.object({
        id: z.string(),
        email: z.string(),
        amount: PoundsSchema,
        status: ParticipantStatusSchema,
        pay_token: z.string().nullable().meta({ description: "Null on /mine for other people's shares." }),
      }),
    ),
  })
  .meta({ id: 'SplitSummary' });
