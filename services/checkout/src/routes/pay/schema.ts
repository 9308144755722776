import {
  currencyField,
  EXAMPLE_VALUES,
  emailField,
  idField,
  ModeSchema,
  nullableTextField,
  pathTokenParam,
  poundsField,
  textField,
  timestampField,
} from '@groupsplit/shared';
import { z } from 'zod';
import {
  GroupProgressSchema,
  HoldLapseFields,
  LineItemViewSchema,
  ParticipantStatusSchema,
  SplitStatusSchema,
} from '../../splits/schema';

export const PayTokenParams = z.object({
  token: pathTokenParam(
    "The participant's pay token (`pay_token`), from their pay link. Treat it as a secret.",
    EXAMPLE_VALUES.payToken,
  ),
});

/** POST /api/checkout-splits/pay/:token/authorise: a processor payment method id, e.g. `pm_card_visa` in test mode. */
export const AuthoriseShareSchema = z.object({
  payment_method: z.string().min(1).max(255).meta({
    description:
      "A processor payment method id, 1 to 255 characters. In test mode a test card's id (`pm_card_visa`; see Testing).",
    example: 'pm_card_visa',
  }),
});

/** The pay page's own form post (test mode: the chosen test card). */
export const PayFormSchema = z.object({
  payment_method: z.string().min(1).max(255),
});

// ---- responses ------------------------------------------------------------------------------

/** GET /api/checkout-splits/pay/:token: one participant's own view for hosting the pay step. */
export const PayViewSchema = z
  .object({
    split_id: idField('split', 'The split.'),
    participant_id: idField('participant', 'This participant.'),
    email: emailField("This participant's e-mail address.", EXAMPLE_VALUES.secondEmail),
    /** The share, the service fee on top, and what the card is held for (their sum). */
    amount: poundsField('Their share, before the fee.', EXAMPLE_VALUES.share),
    application_fee: poundsField('The service fee on top of the share.', EXAMPLE_VALUES.fee),
    card_charge: poundsField('What the card is held for: share + fee.', '22.70'),
    currency: currencyField(),
    status: ParticipantStatusSchema,
    split_status: SplitStatusSchema,
    /** Why a canceled split ended: `expired` (the holds lapsed) or `canceled`; null otherwise. */
    cancel_reason: z.enum(['canceled', 'expired']).nullable().meta({
      description: 'Why a canceled split ended: `expired` (the holds lapsed) or `canceled`; null otherwise.',
      example: null,
    }),
    order_reference: textField('The order reference.', EXAMPLE_VALUES.orderReference),
    business_name: textField('The trading name of the business selling.', 'Picnic Supplies'),
    mode: ModeSchema,
    /** The whole order: its lines (empty for a split made on the dashboard) and its total. */
    line_items: z
      .array(LineItemViewSchema)
      .meta({ description: "The whole order's lines; empty for a split made on the dashboard." }),
    total_amount: poundsField('The order total.'),
    authorization_expires_at: timestampField('When the holds lapse (creation + 7 days).'),
    ...HoldLapseFields,
    /** For confirming the hold with the processor's own page script; null once it is not pending. */
    client_secret: nullableTextField(
      "For confirming the hold with the processor's own page script; null once the share is not pending.",
      'pi_3QabcDEF456ghiJKL_secret_x7YzW',
    ),
    stripe_account: textField(
      "The merchant's processor account, for the processor's page script.",
      'acct_1QabcDEF456ghi',
    ),
    publishable_key: textField("The processor's publishable key for the page script.", 'pk_test_51QabcDEF456'),
    group: GroupProgressSchema,
  })
  .meta({ id: 'PayView', description: "One participant's own view, for hosting the pay step." });
export type PayView = z.infer<typeof PayViewSchema>;

/** POST /api/checkout-splits/pay/:token/authorise. */
export const AuthoriseShareResponseSchema = z
  .object({
    participant_id: idField('participant', 'This participant.'),
    status: ParticipantStatusSchema,
    split_status: SplitStatusSchema,
  })
  .meta({
    id: 'AuthorisedShare',
    description: 'The share is held; the split is captured once everyone has authorised.',
  });

/** POST /api/checkout-splits/pay/:token/authorise, 202: the card's bank asks the participant to confirm (3-D Secure). */
export const AuthenticationRequiredSchema = z
  .object({
    participant_id: idField('participant', 'This participant.'),
    status: z
      .literal('requires_action')
      .meta({ description: 'The bank asks the participant to confirm (3-D Secure).' }),
    /** The bank's challenge page (the processor's): send the participant there; it sends them back to `/pay/{token}/return`. */
    redirect_url: z.string().meta({
      description: "The bank's challenge page: send the participant there; it sends them back to the pay page.",
      format: 'uri',
      example:
        'http://localhost:4010/_emulator/authenticate/pi_3QabcDEF456ghiJKL?client_secret=pi_3QabcDEF456ghiJKL_secret_x7YzW',
    }),
    split_status: SplitStatusSchema,
  })
  .meta({
    id: 'AuthenticationRequired',
    description: 'The card needs 3-D Secure: nothing is held until the participant confirms with their bank.',
  });
