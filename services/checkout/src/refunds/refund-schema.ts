/**
 * The refund body and answer both refund routes and the dashboard's partial refund share (docs/refunds.md):
 * one schema, so the routes cannot drift apart.
 */
import {
  type AppError,
  type ErrorDetail,
  EXAMPLE_VALUES,
  emailField,
  idField,
  MESSAGES,
  nullableTextField,
  poundsField,
  validationFailed,
} from '@groupsplit/shared';
import { z } from 'zod';
import { poundsInput } from '../splits/pounds-input';
import { ParticipantStatusSchema } from '../splits/schema';

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
const refundAmount = poundsInput(M.amount, () => M.amount).refine((pence) => pence > 0, { error: M.amount });

/** POST /api/merchants/checkout/splits/:id/refund (API key). Null is taken as "not sent"; the dashboard's route has no body. */
export const ServerRefundSchema = z.object(
  {
    amount: refundAmount
      .nullish()
      .transform((v) => v ?? null)
      .meta({
        description:
          'Pounds, not pence: `"44.95"` is £44.95, and `4495` would be £4,495.00. ' +
          'How much to refund (number or decimal string, above zero, at most two decimals); at most what ' +
          'is still outstanding. Leave it out to refund everything that is left.',
        example: '10.00',
      }),
    reason: z
      .string({ error: M.reason })
      .max(MAX_REFUND_REASON, { error: M.reason })
      .nullish()
      .transform((v) => v ?? null)
      .meta({ description: 'Why, up to 500 characters; kept in the refund history.', example: 'Item out of stock' }),
    idempotency_key: z
      .string({ error: M.idempotencyKey })
      .min(1, { error: M.idempotencyKey })
      .max(MAX_REFUND_IDEMPOTENCY_KEY, { error: M.idempotencyKey })
      .nullish()
      .transform((v) => v ?? null)
      .meta({
        description:
          'Makes a retry safe: the same key replays the first result (or joins the refund still running); 1 to 255 characters. ' +
          'Without it, the `Idempotency-Key` header is used the same way (this field wins when both are sent).',
        example: 'refund-order-1001-1',
      }),
  },
  { error: M.body },
);

export function serverRefundFailure(details: ErrorDetail[]): AppError {
  return validationFailed(details[0]?.message ?? MESSAGES.validationFailed, details);
}

/** Both refund routes' 200 (docs/spec.md, Refund result); stored with the refund, so a repeated key replays it. */
export const RefundResultSchema = z
  .object({
    refund_id: idField('refund', 'The refund id.'),
    split_id: idField('split', 'The split refunded.'),
    amount: poundsField('What was asked for.', '10.00'),
    refunded: poundsField('What this refund returned.', '10.00'),
    total_refunded: poundsField('Everything refunded on the split so far, this refund included.', '10.00'),
    total_amount: poundsField('The order total.'),
    status: z.string().meta({
      description: 'The split status after it: `partially_refunded` or `refunded`.',
      example: 'partially_refunded',
    }),
    reason: nullableTextField('The reason given, or null.', 'Item out of stock'),
    participants: z
      .array(
        z.object({
          email: emailField('Their e-mail address.'),
          amount: poundsField('Their share.', EXAMPLE_VALUES.share),
          refunded_amount: poundsField('How much of their share has been refunded.', '10.00'),
          status: ParticipantStatusSchema.meta({ example: 'captured' }),
        }),
      )
      .meta({ description: 'Each share after the refund (spread over the shares in proportion).' }),
  })
  .meta({ id: 'RefundResult', description: 'The refund and the split after it.' });
