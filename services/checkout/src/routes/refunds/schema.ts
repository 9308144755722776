import {
  type AppError,
  type ErrorDetail,
  idParams,
  MESSAGES,
  MoneyFormatError,
  PoundsSchema,
  poundsToPence,
  validationFailed,
} from '@groupsplit/shared';
import { z } from 'zod';
import { ParticipantStatusSchema } from '../../splits/schema';

/** Both refund routes: anything but a UUID is an unknown split (404). */
export const SplitIdParams = idParams('id');

/** Messages for API-key refund bodies the spec does not word (docs/refunds.md). */
export const SERVER_REFUND_MESSAGES = {
  amount: 'amount must be a positive amount in pounds with at most two decimals',
  reason: 'reason must be text of up to 500 characters',
  idempotencyKey: 'idempotency_key must be text of 1 to 255 characters',
  body: 'The request body must be a JSON object',
} as const;

const M = SERVER_REFUND_MESSAGES;

export const MAX_REFUND_REASON = 500;
export const MAX_REFUND_IDEMPOTENCY_KEY = 255;

/** Pounds as a number or decimal string, to whole pence above zero. */
const refundAmount = z.union([z.number(), z.string()], { error: M.amount }).transform((value, ctx) => {
  try {
    const pence = poundsToPence(value);
    if (pence > 0) return pence;
  } catch (error) {
    if (!(error instanceof MoneyFormatError)) throw error;
  }
  ctx.addIssue({ code: 'custom', message: M.amount });
  return z.NEVER;
});

/** POST /api/merchants/checkout/splits/:id/refund (API key). Null is taken as "not sent"; the dashboard's route has no body. */
export const ServerRefundSchema = z.object(
  {
    amount: refundAmount.nullish().transform((v) => v ?? null),
    reason: z
      .string({ error: M.reason })
      .max(MAX_REFUND_REASON, { error: M.reason })
      .nullish()
      .transform((v) => v ?? null),
    idempotency_key: z
      .string({ error: M.idempotencyKey })
      .min(1, { error: M.idempotencyKey })
      .max(MAX_REFUND_IDEMPOTENCY_KEY, { error: M.idempotencyKey })
      .nullish()
      .transform((v) => v ?? null),
  },
  { error: M.body },
);

export function serverRefundFailure(details: ErrorDetail[]): AppError {
  return validationFailed(details[0]?.message ?? MESSAGES.validationFailed, details);
}

/** Both refund routes' 200 (docs/spec.md, Refund result); stored with the refund, so a repeated key replays it. */
export const RefundResultSchema = z
  .object({
    refund_id: z.string(),
    split_id: z.string(),
    amount: PoundsSchema.meta({ description: 'What was asked for.' }),
    refunded: PoundsSchema.meta({ description: 'What this refund returned.' }),
    total_refunded: PoundsSchema,
    total_amount: PoundsSchema,
    status: z.string().meta({ description: 'The split status after it: `partially_refunded` or `refunded`.' }),
    reason: z.string().nullable(),
    participants: z.array(
      z.object({
        email: z.string(),
        amount: PoundsSchema,
        refunded_amount: PoundsSchema,
        status: ParticipantStatusSchema,
      }),
    ),
  })
  .meta({ id: 'RefundResult' });
