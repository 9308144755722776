import { type AppError, type ErrorDetail, MESSAGES, PoundsSchema, validationFailed } from '@groupsplit/shared';
import { z } from 'zod';

/** Messages of the buyer's split endpoint; the first two are the spec's. */
export const CHOOSE_MESSAGES = {
  minShare: MESSAGES.minShare,
  alreadySplit: MESSAGES.alreadySplit,
  expired: 'This checkout has expired.',
  invalid: 'Choose split, one_payer or alone, with an e-mail address and an amount in pounds for each person.',
  person: 'Each person needs a valid e-mail address and an amount in pounds.',
  tooMany: 'A split can have at most 20 people.',
  tooFew: 'A split needs at least two people. To pay on your own, choose alone.',
  duplicate: 'Each person can be in the split only once.',
  payer: 'Enter a valid e-mail address for the person paying.',
} as const;

export const MAX_PARTICIPANTS = 20;
const M = CHOOSE_MESSAGES;

const email = z
  .string({ error: M.person })
  .trim()
  .pipe(z.email({ error: M.person }).max(254, { error: M.person }));

export const ChooseParticipantSchema = z.object(
  { email, amount: z.union([z.number(), z.string()], { error: M.person }) },
  { error: M.person },
);

/** POST /api/merchants/checkout/sessions/:token/split (the hosted page's own endpoint). */
export const ChooseSplitSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({
      mode: z.literal('split'),
      participants: z
        .array(ChooseParticipantSchema, { error: M.invalid })
        .min(2, { error: M.tooFew })
        .max(MAX_PARTICIPANTS, { error: M.tooMany }),
    }),
    z.object({
      mode: z.literal('one_payer'),
      payer_email: z
        .string({ error: M.payer })
        .trim()
        .pipe(z.email({ error: M.payer })),
    }),
    z.object({ mode: z.literal('alone') }),
  ],
  { error: M.invalid },
);
export type ChooseSplitBody = z.infer<typeof ChooseSplitSchema>;

const PRIORITY: string[] = [M.tooMany, M.tooFew, M.person, M.payer];

export function chooseSplitFailure(details: ErrorDetail[]): AppError {
  const messages = details.map((d) => d.message);
  const message = PRIORITY.find((m) => messages.includes(m)) ?? M.invalid;
  return validationFailed(message, details);
}

// ---- responses ------------------------------------------------------------------------------

/** POST /api/merchants/checkout/sessions/:token/split: 201. */
export const ChooseSplitResponseSchema = z
  .object({
    split_id: z.string(),
    participants: z.array(
      z.object({ email: z.string(), amount: PoundsSchema, card_charge: PoundsSchema, pay_url: z.string() }),
    ),
  })
  .meta({ id: 'BuyerSplit' });
