import {
  EXAMPLE_VALUES,
  emailField,
  idField,
  MESSAGES,
  mostImportant,
  payUrlField,
  poundsField,
  type ValidationFailure,
  validationFailed,
} from '@groupsplit/shared';
import { z } from 'zod';
import { SeatFieldsSchema } from '../../seats/schema';
import { NAME_MESSAGE, nameField } from '../../splits/names';

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
  noEmail:
    "At least one person in the split needs an e-mail address: yours or someone else's. Open seats alone cannot make a split.",
} as const;

export const MAX_PARTICIPANTS = 20;
const M = CHOOSE_MESSAGES;

const email = z
  .string({ error: M.person })
  .trim()
  .pipe(z.email({ error: M.person }).max(254, { error: M.person }));

export const ChooseParticipantSchema = z.object(
  {
    email: email.optional().meta({
      description:
        "The person's e-mail address; they get their pay link. Leave it out for an open seat: a share anyone with " +
        'the group link can take (docs/splits.md, "Open seats").',
      example: EXAMPLE_VALUES.secondEmail,
    }),
    amount: z.union([z.number(), z.string()], { error: M.person }).meta({
      description:
        'Pounds, not pence: `"44.95"` is £44.95, and `4495` would be £4,495.00. Their share (number or decimal string), at least £1.',
      example: EXAMPLE_VALUES.share,
    }),
    name: nameField(
      "Their name as the group should see it (1 to 60 characters of plain text); the first entry is the buyer's " +
        'own ("Your name"). Shown instead of their masked address, and in their invitation. Leave it out (or null) ' +
        "for none; an open seat's name is given by whoever takes it.",
    ),
  },
  { error: M.person },
);

/** POST /api/merchants/checkout/sessions/:token/split (the hosted page's own endpoint). */
export const ChooseSplitSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({
      mode: z.literal('split').meta({ description: 'Split between 2 to 20 people, the buyer included if they pay.' }),
      participants: z
        .array(ChooseParticipantSchema, { error: M.invalid })
        .min(2, { error: M.tooFew })
        .max(MAX_PARTICIPANTS, { error: M.tooMany })
        .meta({
          description:
            '2 to 20 entries (people and open seats) whose shares add up to the order total; each address once, at ' +
            'least one address.',
        }),
    }),
    z.object({
      mode: z.literal('one_payer').meta({ description: 'One other person pays the whole order.' }),
      payer_email: z
        .string({ error: M.payer })
        .trim()
        .pipe(z.email({ error: M.payer }))
        .meta({ description: 'Who pays; they get the pay link.', example: EXAMPLE_VALUES.secondEmail }),
      name: nameField("The buyer's own name, as the person paying sees it in their invitation."),
      payer_name: nameField("The payer's name (1 to 60 characters of plain text)."),
    }),
    z.object({
      mode: z.literal('alone').meta({ description: 'The buyer pays the whole order.' }),
      name: nameField("The buyer's own name (1 to 60 characters of plain text)."),
    }),
  ],
  { error: M.invalid },
);
export type ChooseSplitBody = z.infer<typeof ChooseSplitSchema>;

const PRIORITY: string[] = [M.tooMany, M.tooFew, M.person, M.payer, NAME_MESSAGE];

export const chooseSplitFailure: ValidationFailure = (details) =>
  validationFailed(mostImportant(details, PRIORITY) ?? M.invalid, details);

// ---- responses ------------------------------------------------------------------------------

/** POST /api/merchants/checkout/sessions/:token/split: 201. */
export const ChooseSplitResponseSchema = z
  .object({
    split_id: idField('split', 'The new split.'),
    participants: z
      .array(
        z.object({
          email: emailField('Their e-mail address.'),
          amount: poundsField('Their share.', EXAMPLE_VALUES.share),
          card_charge: poundsField(
            'What their card is held for: share + 20p fee (no fee for a single payer).',
            '22.70',
          ),
          pay_url: payUrlField('Their pay link (also e-mailed to them).'),
          name: z
            .string()
            .nullable()
            .meta({ description: 'Their name as given, or null when none was.', example: 'Bea' }),
        }),
      )
      .meta({ description: 'Everyone paying, with their pay link.' }),
  })
  .extend(SeatFieldsSchema.partial().shape)
  .meta({ id: 'BuyerSplit', description: 'The split exists; everyone has a pay link.' });
