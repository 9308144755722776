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
import { ParticipantStatusSchema, SplitStatusSchema } from '../../splits/schema';

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

const Timestamp = TimestampSchema;

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
