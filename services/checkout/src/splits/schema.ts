import {
  currencyField,
  EXAMPLE_VALUES,
  emailField,
  err,
  GATES,
  idField,
  nullableTextField,
  PARTICIPANT_STATUSES,
  PAYMENTS_NEED_VERIFICATION,
  payTokenField,
  payUrlField,
  poundsField,
  SPLIT_STATUSES,
  TimestampSchema,
  textField,
  timestampField,
} from '@groupsplit/shared';
import { z } from 'zod';
import { OpenSeatSchema } from '../seats/schema';

/**
 * The refusals of takeSplitGate() (packages/auth/src/gates.ts) past the processor connection, which
 * both routes that create a split document (the dashboard's and the hosted buyer's).
 */
export const SPLIT_GATE_ERRORS = [
  err(GATES.billing_card_required.message, 'billing_card_required'),
  err(GATES.billing_paused.message, 'billing_paused'),
  err(PAYMENTS_NEED_VERIFICATION.message, 'verification_required', 'live, owner not verified'),
];

/*
 * The response shapes of a split that several routes answer with (the pay view, the hosted
 * checkout, the session status, the split detail, refunds): one schema per shape, here, so no
 * route reaches into another route's folder for it.
 */

export const ParticipantStatusSchema = z.enum(PARTICIPANT_STATUSES).meta({
  id: 'ParticipantStatus',
  description:
    "A participant's share: `pending` (not yet authorised), `authorised` (held on their card), `captured` (charged), " +
    '`canceled` (released; nobody charged) or `refunded`.',
});
/** Every status but `creating` (holds still being placed), which the API never shows. */
export const SplitStatusSchema = z.enum(SPLIT_STATUSES).exclude(['creating']).meta({
  id: 'SplitStatus',
  description:
    'Terminal: `captured`, `canceled`, `refunded`, `creation_failed`, `capture_failed` (and `partially_refunded` until the rest is refunded).',
});
/**
 * The merchant accept step's flag (docs/splits.md, "Merchant accept"): present only on the split of a session
 * created with `capture: 'merchant_accept'` (a feature's fields appear only on the orders that use it).
 */
export const AwaitingMerchantSchema = z.boolean().meta({
  description:
    "Only on a split of a session created with `capture: 'merchant_accept'`: true while every participant has " +
    'authorised and the split waits for your accept or cancel (status `pending`); false otherwise.',
  example: true,
});
/** One order line as payers see it (the hosted session's lines; a dashboard split has none). */
export const LineItemViewSchema = z
  .object({
    description: textField('What the line is, as plain text (up to 120 characters).', 'Picnic blanket'),
    amount: poundsField('The line amount in pounds; negative for a discount.', '39.95'),
    quantity: z.number().int().min(1).meta({ description: 'How many; 1 or more.', example: 1 }),
    /** The service's own copy of the picture, or null (no picture: none is shown). */
    image_url: nullableTextField(
      "The service's own copy of the picture (fetched once at creation), or null when there is none.",
      null,
    ),
  })
  .meta({ id: 'LineItemView', description: 'One order line as payers see it.' });

/**
 * The group's progress, as any one participant may see it: counts, and each participant's name (as
 * typed), masked e-mail (`a***@example.com`) and status. Never another participant's pay token or full e-mail.
 */
export const GroupProgressSchema = z
  .object({
    /** Participants who have authorised (or been captured or refunded since). */
    approved_count: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'Participants who have authorised (or been captured or refunded since).', example: 1 }),
    total_count: z
      .number()
      .int()
      .min(1)
      .meta({ description: 'Participants in the split, plus its open seats if it was made with seats.', example: 2 }),
    open_seats: z.array(OpenSeatSchema).optional().meta({
      description: 'Only on a split made with open seats, while a seat is open: the seats nobody has taken yet.',
    }),
    participants: z
      .array(
        z.object({
          name: z
            .string()
            .nullable()
            .meta({
              description:
                'The name typed for them, as typed (docs/splits.md, "Names"); null when none was. Show it instead of ' +
                '`email_masked` when present.',
              example: 'Bea',
            }),
          email_masked: textField('Their e-mail address, masked.', EXAMPLE_VALUES.maskedEmail),
          status: ParticipantStatusSchema,
          /** This is the participant whose pay token was used. */
          is_you: z
            .boolean()
            .meta({ description: 'True for the participant whose pay token was used.', example: false }),
        }),
      )
      .meta({ description: 'Everyone in the split, in the order they were added.' }),
  })
  .meta({
    id: 'GroupProgress',
    description: "The group's progress as any participant may see it: never another person's full e-mail or pay token.",
  });

/**
 * Who takes a share over (a replaced participant's, an open seat): the request field of the routes
 * that give a share to someone new, with that route's own description.
 */
export const newPayerEmailField = (description: string) =>
  z.string().trim().pipe(z.email().max(254)).meta({ description, example: 'jo@example.com' });

/**
 * The answer of a buyer's route that gave a share to someone new (the replace, the seat invite):
 * `{ participant }`, the participant with the new person's pay link (splits/new-payer.ts,
 * newPayerAnswer), each route in its own words: `answer` (the schema's), `participant` (the
 * object's), `id` and `amount` (those fields').
 */
export const newPayerAnswerSchema = (
  id: string,
  words: { answer: string; participant: string; id: string; amount: string },
) =>
  z
    .object({
      participant: z
        .object({
          id: idField('participant', words.id),
          email: z.string().meta({ description: "The new person's e-mail address.", example: 'jo@example.com' }),
          amount: poundsField(words.amount, EXAMPLE_VALUES.share),
          status: ParticipantStatusSchema,
          pay_url: payUrlField("The new person's pay link (also e-mailed to them)."),
        })
        .meta({ description: words.participant }),
    })
    .meta({ id, description: words.answer });
export type NewPayerAnswer = z.infer<ReturnType<typeof newPayerAnswerSchema>>;

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

/**
 * Beyond the spec's fields, on the pay view (docs/splits.md, "Holds that lapse sooner"): the reader's own
 * hold's `capture_before` and the split's `holds_expire_at`, so the pay page can say when a hold lapses
 * sooner than `authorization_expires_at`.
 */
export const HoldLapseFields = {
  capture_before: Timestamp.nullable().meta({
    description:
      "Beyond the spec's fields: when the processor stops letting this share's held charge be captured " +
      '(usually 7 days after the hold, sooner for some cards); null until the hold is placed.',
    example: null,
  }),
  holds_expire_at: Timestamp.nullable().meta({
    description:
      "Beyond the spec's fields: the earliest `capture_before` of the split's holds, or null. Earlier than " +
      '`authorization_expires_at` when a bank releases a hold sooner: everyone needs to pay before it.',
    example: '2026-12-08T14:05:00.000Z',
  }),
};

/** One participant of the detail record (spec: Participant (detail)). */
export const ParticipantDetailSchema = z
  .object({
    id: idField('participant', 'The participant id.'),
    user_id: nullableTextField('Always null (neither creation path sets it).', null),
    email: emailField('Their e-mail address, as supplied.'),
    amount: DecimalPounds.meta({ description: 'Their share, before the fee.', example: '22.5' }),
    application_fee: DecimalPounds.meta({
      description: 'The service fee on top of the share (normally 0.2); card charge = amount + application_fee.',
      example: '0.2',
    }),
    status: ParticipantStatusSchema,
    processor_payment_intent_id: nullableTextField(
      "The charge on the merchant's processor account (amount + application_fee). Use it to reconcile or to refund one share by hand.",
      'pi_3QabcDEF456ghiJKL',
    ),
    pay_token: payTokenField(
      "The participant's pay token: their pay link is built from it. Null, like `processor_payment_intent_id`, on " +
        "other participants' shares when the hosted-checkout buyer (no one in the business) reads the split.",
    ).nullable(),
    disputed_at: Timestamp.nullable().meta({ description: 'Null until this share is disputed.', example: null }),
    capture_before: Timestamp.nullable().meta({
      description:
        "Beyond the spec's fields: when the processor stops letting this share's held charge be captured (the " +
        'charge\'s `capture_before`; docs/splits.md, "Holds that lapse sooner"). Usually 7 days after the hold, ' +
        'sooner for some cards. Null until a hold is placed.',
      example: '2026-12-08T14:05:00.000Z',
    }),
    covered: z
      .object({
        email: emailField('Whom the organiser covered: their address as it was.').nullable(),
        name: nullableTextField('Their name as it was typed, if any.', 'Sam'),
        at: timestampField('When the organiser took the share over.'),
      })
      .optional()
      .meta({
        description:
          'Only on a share the organiser covered (docs/splits.md, "Covering a share"): `email` is then the ' +
          "organiser's, and this says whom it covered (`email` null for an open seat nobody had taken).",
      }),
    created_at: timestampField('When the participant was added.'),
    updated_at: timestampField('When the participant last changed.'),
    name: z
      .string()
      .optional()
      .meta({
        description:
          'Beyond the spec\'s fields: the name typed for them on the hosted checkout (docs/splits.md, "Names"); ' +
          'absent when none was given.',
        example: 'Bea',
      }),
    card: z
      .object({
        brand: z.string().meta({ description: "The card's brand as the processor names it.", example: 'visa' }),
        last4: z.string().meta({ description: "The card's last four digits.", example: '4242' }),
        wallet: z.string().nullable().meta({
          description: "A wallet card's wallet (`apple_pay`, `google_pay`); null for a plain card.",
          example: 'apple_pay',
        }),
        label: z.string().meta({
          description: 'How every surface says it: `Visa ••••4242`, or `Apple Pay (Visa ••••4242)` for a wallet card.',
          example: 'Apple Pay (Visa ••••4242)',
        }),
      })
      .optional()
      .meta({
        description:
          "Beyond the spec's fields: the card the share was held on, once a hold named it (docs/dashboard.md, " +
          '"The card"). Absent before, and on other people\'s shares when the hosted-checkout buyer reads the split.',
      }),
  })
  .meta({ id: 'ParticipantDetail', description: 'One participant of the detail record.' });

/** One refund of the history (spec: Refund result and history); amounts are two-place pounds. */
export const RefundHistoryEntrySchema = z
  .object({
    refund_id: idField('refund', 'The refund id.'),
    amount: poundsField('What was asked for, in pounds.', '10.00'),
    refunded: poundsField(
      'What was refunded so far (less than `amount` while in progress or after a partial failure).',
      '10.00',
    ),
    status: z
      .enum(['in_progress', 'complete', 'partial'])
      .meta({ description: '`in_progress`, `complete`, or `partial` (refused part-way).' }),
    reason: nullableTextField('The reason given, or null.', 'Item out of stock'),
    actor: z.string().meta({ description: '`api_key`, `dashboard:<user>` or `processor`.', example: 'api_key' }),
    created_at: timestampField('When the refund was asked for.'),
  })
  .meta({ id: 'RefundHistoryEntry', description: 'One refund, however it was made.' });

/**
 * Beyond the spec's fields (docs/splits.md, "Fee and net amount"; computed in `net-amount.ts`): what reaches the
 * merchant of the order after our fee, two-place pounds. On the lists and the detail alike.
 */
export const NetAmountField = poundsField(
  'What reaches you of this order after our fee, two places: while it is pending, what will reach you if it completes ' +
    '(total − merchant fee); 0.00 once cancelled or failed at creation; once captured, per captured share, ' +
    'share − refunded so far − its merchant fee, a share refunded in full counting 0 (its fee is reversed). ' +
    'Processor fees, billed to you by the processor, are not taken off.',
  '43.60',
);

/**
 * GET /api/checkout-splits/:id (spec: Checkout split (detail)); also the dashboard replace's answer.
 * `refunds` is ours, beyond the spec's field list: the same history the status endpoint shows.
 */
export const SplitDetailSchema = z
  .object({
    id: idField('split', 'The split id.'),
    merchant_id: idField('merchant', 'The business.'),
    created_by: nullableTextField('The creating account; for hosted checkout, the buyer.', EXAMPLE_VALUES.ids.user),
    order_reference: textField("As supplied, or the hosted session's reference.", EXAMPLE_VALUES.orderReference),
    currency: currencyField(),
    total_amount: DecimalPounds.meta({
      description: 'The order total (the sum of the shares), before fees.',
      example: '44.95',
    }),
    application_fee_total: DecimalPounds.meta({ description: 'Customer and merchant fees together.', example: '1.75' }),
    customer_fee_total: DecimalPounds.meta({
      description: "Flat fees added to the customers' charges.",
      example: '0.4',
    }),
    merchant_fee_total: DecimalPounds.meta({
      description: "Fees deducted from the merchant's shares.",
      example: '1.35',
    }),
    customer_fee: DecimalPounds.meta({
      description: 'The customer fee of this split (as `customer_fee_total`).',
      example: '0.4',
    }),
    merchant_fee: DecimalPounds.meta({
      description: 'The merchant fee of this split (as `merchant_fee_total`).',
      example: '1.35',
    }),
    merchant_fee_bps: z.number().int().meta({
      description: 'The merchant fee rate when the split was created, in hundredths of a percent.',
      example: 300,
    }),
    net_amount: NetAmountField,
    status: SplitStatusSchema,
    processor_account_id: textField("The merchant's processor account holding the charges.", 'acct_1QabcDEF456ghi'),
    authorization_expires_at: timestampField('When the holds lapse (creation + 7 days).'),
    holds_expire_at: Timestamp.nullable().meta({
      description:
        "Beyond the spec's fields: the earliest `capture_before` of the participants' holds, or null before any " +
        'hold is placed. When it is earlier than `authorization_expires_at` a bank releases a hold ' +
        'sooner than 7 days: the split expires then unless everyone has paid (and, for a `merchant_accept` order, ' +
        'the merchant accepted) before it (docs/splits.md, "Holds that lapse sooner").',
      example: '2026-12-08T14:05:00.000Z',
    }),
    disputed_at: Timestamp.nullable().meta({ description: 'Null until a chargeback.', example: null }),
    created_at: timestampField('When the split was created.'),
    updated_at: timestampField('When the split last changed.'),
    participants: z.array(ParticipantDetailSchema).meta({ description: 'Everyone paying a share.' }),
    refunds: z.array(RefundHistoryEntrySchema).meta({ description: 'Every refund however made, oldest first.' }),
    awaiting_merchant: AwaitingMerchantSchema.optional(),
  })
  .extend({
    open_seats: z
      .array(
        z.object({
          id: idField('seat', 'The seat.'),
          amount: DecimalPounds.meta({ description: 'Its share, before the fee.', example: '15' }),
        }),
      )
      .optional()
      .meta({
        description:
          'Only on a split made with open seats (docs/splits.md, "Open seats"): the seats nobody has taken yet, in order.',
      }),
  })
  .meta({ id: 'SplitDetail', description: 'A split in full (docs/spec.md, Checkout split (detail)).' });
