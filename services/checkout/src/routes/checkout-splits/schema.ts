import {
  badRequest,
  currencyField,
  EXAMPLE_VALUES,
  emailField,
  idField,
  MESSAGES,
  mostImportant,
  payTokenField,
  poundsField,
  textField,
  timestampField,
  uuidParam,
  type ValidationFailure,
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
    email: z.string({ error: M.row }).min(1, { error: M.row }).meta({
      description: 'Who pays this share; they get an invitation with their pay link.',
      example: EXAMPLE_VALUES.secondEmail,
    }),
    amountMinor: z
      .number({ error: M.row })
      .int({ error: M.row })
      .positive({ error: M.row })
      .min(100, { error: M.minShare })
      .max(Number.MAX_SAFE_INTEGER, { error: M.row })
      .meta({
        description: 'Their share in pence, a whole number of at least 100 (£1), before the 20p fee.',
        example: 2250,
      }),
  },
  { error: M.row },
);

/**
 * POST /api/checkout-splits. A missing or non-array `participants` is `Validation failed`;
 * an empty array is `A checkout split needs at least one participant` (docs/splits.md).
 */
export const CreateSplitSchema = z.object(
  {
    merchantId: z.string({ error: M.validation }).meta({
      description: 'The business the split is for (yours: `id` of `GET /api/merchants/me`).',
      example: EXAMPLE_VALUES.ids.merchant,
    }),
    orderReference: z
      .string({ error: M.validation })
      .meta({ description: 'Your reference for the order, shown to payers.', example: EXAMPLE_VALUES.orderReference }),
    // Not validated beyond being text: the spec passes it to the processor as sent.
    currency: z
      .string({ error: M.validation })
      .min(1, { error: M.validation })
      .optional()
      .meta({ description: 'Passed to the processor as sent; `gbp`.', example: 'gbp' }),
    participants: z
      .array(NewParticipantSchema, { error: M.validation })
      .min(1, { error: M.empty })
      .meta({ description: 'Everyone paying, at least one; shares in pence. No upper limit.' }),
  },
  { error: M.validation },
);

const PRIORITY: string[] = [M.validation, M.empty, M.row, M.minShare];

/** Answers with the most general spec message among the issues found. */
export const createSplitFailure: ValidationFailure = (details) =>
  badRequest(mostImportant(details, PRIORITY) ?? M.validation);

/** GET /api/checkout-splits/:id: anything but a UUID is an unknown split (404). */
export const SplitIdParams = z.object({ id: uuidParam('split', 'The split id.') });

// ---- responses ------------------------------------------------------------------------------

/** POST /api/checkout-splits: 201, camelCase, amounts in pence. */
export const CreatedSplitSchema = z
  .object({
    id: idField('split', 'The new split.'),
    status: z.literal('pending').meta({ description: 'Every hold is placed; waiting for everyone to authorise.' }),
    participants: z
      .array(
        z.object({
          id: idField('participant', 'The participant id.'),
          email: emailField('As sent.', EXAMPLE_VALUES.secondEmail),
          amountMinor: z.number().int().meta({ description: 'Their share in pence.', example: 2250 }),
          feeMinor: z
            .number()
            .int()
            .meta({ description: 'Service fee in pence; card charge = amountMinor + feeMinor.', example: 20 }),
          paymentIntentId: z
            .string()
            .nullable()
            .meta({ description: 'The processor payment holding the share.', example: 'pi_3QabcDEF456ghiJKL' }),
          clientSecret: z.string().nullable().meta({
            description: 'Only for a merchant building their own pay page.',
            example: 'pi_3QabcDEF456ghiJKL_secret_x7YzW',
          }),
          payToken: payTokenField('What the pay link is built from (`pay_token` elsewhere).'),
        }),
      )
      .meta({ description: 'Everyone paying, camelCase, amounts in pence.' }),
  })
  .meta({
    id: 'CreatedSplit',
    description: 'The new split (camelCase, pence: docs/spec.md, Participant (create response)).',
  });

/** GET /api/checkout-splits and /mine: one split of the list. */
export const SplitSummarySchema = z
  .object({
    id: idField('split', 'The split id.'),
    order_reference: textField('The order reference.', EXAMPLE_VALUES.orderReference),
    currency: currencyField(),
    status: SplitStatusSchema,
    total_amount: poundsField('The order total, two places.'),
    created_at: timestampField('When the split was created.'),
    participants: z
      .array(
        z.object({
          id: idField('participant', 'The participant id.'),
          email: emailField('Their e-mail address.'),
          amount: poundsField('Their share.', EXAMPLE_VALUES.share),
          status: ParticipantStatusSchema,
          pay_token: z.string().nullable().meta({
            description: "Their pay token; null on /mine for other people's shares.",
            example: EXAMPLE_VALUES.payToken,
          }),
        }),
      )
      .meta({ description: 'Everyone paying a share.' }),
  })
  .meta({ id: 'SplitSummary', description: 'One split of a list.' });
