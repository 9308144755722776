import {
  type ErrorDetail,
  EXAMPLE_VALUES,
  idField,
  MESSAGES,
  notFound,
  PoundsSchema,
  pathTokenParam,
  payUrlField,
  timestampField,
} from '@groupsplit/shared';
import { z } from 'zod';
import { SeatFieldsSchema } from '../seats/schema';
import {
  AwaitingMerchantSchema,
  GroupProgressSchema,
  ParticipantStatusSchema,
  SplitStatusSchema,
} from '../splits/schema';

/** A hosted-checkout session by its token: the session routes, the hosted pages, remind and replace. */
export const TokenParams = z.object({
  token: pathTokenParam('The checkout session token (`token` of the create answer). Treat it as a secret.'),
});

/** An unknown token, or a session that is not the caller's (docs/hosted-checkout.md). */
export const SESSION_NOT_FOUND = 'Checkout session not found';
export const sessionNotFound = () => notFound(SESSION_NOT_FOUND, 'not_found');

/**
 * The params failure of a session route that names something of the session's split beside the token
 * (a participant, a seat): an unknown session is the session's 404; a malformed id is an unknown one.
 */
export const sessionParamsFailure = (details: ErrorDetail[]) =>
  details.some((d) => d.field === 'token') ? sessionNotFound() : notFound(MESSAGES.notFound);

/**
 * GET /api/merchants/checkout/sessions/:token/group (the signed-in buyer who created the split):
 * the pay view's group progress, plus what the buyer needs to replace someone. The buyer typed
 * these addresses, so they see them in full; nobody's pay token is included.
 */
export const BuyerGroupSchema = z
  .object({
    split_id: idField('split', 'The split made from this session.'),
    status: SplitStatusSchema,
    cancel_reason: z
      .enum(['canceled', 'expired'])
      .nullable()
      .meta({ description: 'Why a canceled split ended: cancelled by someone, or the holds expired; null otherwise.' }),
    authorization_expires_at: timestampField('When the holds lapse and the split is cancelled (creation + 7 days).'),
    group: GroupProgressSchema.extend({
      participants: z
        .array(
          GroupProgressSchema.shape.participants.element.extend({
            id: idField('participant', 'The participant id (for the replace call).'),
            email: z
              .string()
              .meta({ description: 'The address the buyer typed, in full.', example: EXAMPLE_VALUES.secondEmail }),
            amount: PoundsSchema.meta({ description: 'Their share, in pounds.', example: EXAMPLE_VALUES.share }),
            /** Still pending in a pending split, and not the buyer's own share: they may hand it to someone else. */
            replaceable: z.boolean().meta({
              description:
                "Still pending in a pending split, and not the buyer's own share (a share they cover may go to someone " +
                'new): the buyer may hand this share to someone else.',
            }),
            covered_name: z
              .string()
              .nullable()
              .meta({
                description:
                  'On a share the buyer covers (docs/splits.md, "Covering a share"): the name of whom it covers, ' +
                  'as it was; null otherwise, or when they had no name.',
                example: null,
              }),
            covered_email: z.string().nullable().meta({
              description: 'On a share the buyer covers: the address of whom it covers; null otherwise.',
              example: null,
            }),
            coverable: z.boolean().meta({
              description:
                "Still pending in a pending split and not already the buyer's own address: the buyer may cover it.",
            }),
          }),
        )
        .meta({ description: 'Everyone in the split, with their full address and share.' }),
    }).meta({ description: "The group's progress, as on the pay view, with what the buyer may change." }),
  })
  .extend(SeatFieldsSchema.partial().shape)
  .extend({
    awaiting_merchant: AwaitingMerchantSchema.optional(),
    organiser_name: z.string().nullable().meta({
      description: 'The name the buyer typed for themself (docs/splits.md, "Names"); null when none was.',
      example: 'Bea',
    }),
  })
  .meta({ id: 'BuyerGroup', description: "The buyer's view of the group they split with." });
export type BuyerGroup = z.infer<typeof BuyerGroupSchema>;

/**
 * GET /api/merchants/checkout/sessions/:token/mine: the signed-in person's own shares of the
 * session's split (the organiser's, and any they cover; a member's own), with their pay links.
 */
export const MineSchema = z
  .object({
    role: z.enum(['organiser', 'member']).meta({
      description: '`organiser`: the buyer who made the split; `member`: someone paying a share of it.',
    }),
    split_status: SplitStatusSchema,
    shares: z
      .array(
        z.object({
          participant_id: idField('participant', 'The share.'),
          amount: PoundsSchema.meta({ description: 'The share, in pounds.', example: EXAMPLE_VALUES.share }),
          card_charge: PoundsSchema.meta({
            description: 'What the card is held for: the share plus its fee (none for a single payer).',
            example: '22.70',
          }),
          status: ParticipantStatusSchema,
          pay_url: payUrlField(
            'The pay link while the share is `pending`; null once it is held (or ended).',
          ).nullable(),
          covered_name: z.string().nullable().meta({
            description: 'On a share the organiser covers: the name of whom it covers, as it was; null otherwise.',
            example: null,
          }),
        }),
      )
      .meta({ description: "The split's shares paid from the signed-in address, in order; possibly none." }),
  })
  .meta({ id: 'MyShares', description: 'Your own shares of this checkout, with your pay links.' });
export type Mine = z.infer<typeof MineSchema>;
