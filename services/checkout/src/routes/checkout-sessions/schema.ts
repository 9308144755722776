import {
  CAPTURE_CHOICES,
  currencyField,
  EXAMPLE_VALUES,
  emailField,
  idField,
  idParams,
  MESSAGES,
  ModeSchema,
  mostImportant,
  nullableTextField,
  nullableTimestampField,
  payTokenField,
  poundsField,
  sessionTokenField,
  textField,
  timestampField,
  type ValidationFailure,
  validationFailed,
} from '@groupsplit/shared';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER_MESSAGE } from '../../idempotency-key';
import { SeatFieldsSchema } from '../../seats/schema';
import { poundsInput } from '../../splits/pounds-input';
import {
  AwaitingMerchantSchema,
  LineItemViewSchema,
  ParticipantStatusSchema,
  RefundHistoryEntrySchema,
  SplitStatusSchema,
} from '../../splits/schema';

/** The spec's messages (Errors table) and ours for the cases it leaves open (docs/hosted-checkout.md). */
export const SESSION_MESSAGES = {
  amount: MESSAGES.sessionAmount,
  amountRequired: 'amount is required',
  amountDecimals: 'amount must have at most two decimal places',
  returnUrlRequired: 'return_url is required',
  currency: MESSAGES.onlyGbp,
  returnUrl: MESSAGES.returnUrl,
  cancelUrl: MESSAGES.cancelUrl,
  onboarding: MESSAGES.finishOnboarding,
  lineItems: 'line_items must be an array of line items',
  lineDescription: 'Each line item needs a description of up to 120 characters',
  lineAmount: 'Each line item needs an amount in pounds with at most two decimals',
  lineQuantity: 'Line item quantity must be a whole number of at least 1',
  lineImage: 'Line item image_url must be a string',
  orderReference: 'order_reference must be text of up to 200 characters',
  customerEmail: 'customer_email must be a valid email address',
  customerName: 'customer_name must be at most 120 characters',
  metadata: 'metadata must be a flat object of strings',
  metadataKeys: 'metadata can have at most 20 keys',
  metadataKey: 'metadata keys must be 1 to 40 characters',
  metadataValue: 'metadata values must be at most 500 characters',
  metadataSize: 'metadata must be at most 4 KB in all',
  idempotencyKey: IDEMPOTENCY_HEADER_MESSAGE,
  capture: "capture must be 'automatic' or 'merchant_accept'",
  body: 'The request body must be a JSON object',
} as const;

const M = SESSION_MESSAGES;

export const MIN_SESSION_PENCE = 100;
export const MAX_SESSION_PENCE = 500_000;
export const METADATA_LIMITS = { keys: 20, keyLength: 40, valueLength: 500, totalBytes: 4096 } as const;

/** Pounds as a number or decimal string, to whole pence; anything else is an issue with `message`. */
const pounds = (message: string) => poundsInput(message, () => message);

export const LineItemSchema = z.object(
  {
    description: z
      .string({ error: M.lineDescription })
      .trim()
      .min(1, { error: M.lineDescription })
      .max(120, { error: M.lineDescription })
      .meta({
        description: 'What the line is, 1 to 120 characters; shown as plain text (markup is shown as typed).',
        example: 'Picnic blanket',
      }),
    amount: pounds(M.lineAmount).meta({
      description:
        'Pounds, not pence: `"44.95"` is £44.95, and `4495` would be £4,495.00. ' +
        'The line amount (number or decimal string, at most two decimals); negative for a discount.',
      example: '39.95',
    }),
    quantity: z
      .number({ error: M.lineQuantity })
      .int({ error: M.lineQuantity })
      .min(1, { error: M.lineQuantity })
      .default(1)
      .meta({ description: 'How many; a whole number, 1 or more. Default 1.', example: 1 }),
    image_url: z
      .string({ error: M.lineImage })
      .nullish()
      .meta({
        description:
          'A public https picture (PNG, JPEG, GIF, WebP or AVIF, at most 2 MB), fetched once at creation; one that ' +
          'cannot be fetched is left out silently.',
        example: 'https://shop.example.com/images/picnic-blanket.jpg',
      }),
  },
  { error: M.lineItems },
);

const metadataBytes = (metadata: Record<string, string>) =>
  Object.entries(metadata).reduce((sum, [k, v]) => sum + Buffer.byteLength(k) + Buffer.byteLength(v), 0);

export const MetadataSchema = z
  .record(z.string(), z.string({ error: M.metadata }).max(METADATA_LIMITS.valueLength, { error: M.metadataValue }), {
    error: M.metadata,
  })
  .refine((m) => Object.keys(m).every((k) => k.length >= 1 && k.length <= METADATA_LIMITS.keyLength), {
    error: M.metadataKey,
  })
  .refine((m) => Object.keys(m).length <= METADATA_LIMITS.keys, { error: M.metadataKeys })
  .refine((m) => metadataBytes(m) <= METADATA_LIMITS.totalBytes, { error: M.metadataSize });

/** A pounds value written with more than two decimals ("5.001"): in range, but no whole number of pence. */
const TOO_MANY_DECIMALS = /^-?\d+\.\d{3,}$/;

/** The session amount: the spec's message for out of range or not a number, ours when missing or too precise. */
const sessionAmount = poundsInput(
  (issue) => (issue.input === undefined ? M.amountRequired : M.amount),
  (value) => (TOO_MANY_DECIMALS.test(String(value).trim()) ? M.amountDecimals : M.amount),
);

/** POST /api/merchants/checkout/sessions. Null is taken as "not sent" for every optional field. */
export const CreateSessionSchema = z.object(
  {
    amount: sessionAmount
      .pipe(z.number().min(MIN_SESSION_PENCE, { error: M.amount }).max(MAX_SESSION_PENCE, { error: M.amount }))
      .meta({
        description:
          'Pounds, not pence: `"44.95"` is £44.95, and `4495` would be £4,495.00. ' +
          'The order total, 1 to 5000 inclusive, at most two decimals: a number or a decimal string ' +
          '(`"44.95"`, as every answer writes amounts). Each participant pays a 20p fee on top of their share.',
        example: EXAMPLE_VALUES.amount,
      }),
    currency: z
      .string({ error: M.currency })
      .transform((c) => c.trim().toLowerCase())
      .pipe(z.literal('gbp', { error: M.currency }))
      .nullish()
      .transform((c) => c ?? 'gbp')
      .meta({ description: 'Default `gbp`, the only currency accepted.', example: 'gbp' }),
    order_reference: z
      .string({ error: M.orderReference })
      .trim()
      .max(200, { error: M.orderReference })
      .nullish()
      .transform((r) => r || 'Order')
      .meta({
        description: 'Shown to the buyer, up to 200 characters. Default `Order`.',
        example: EXAMPLE_VALUES.orderReference,
      }),
    return_url: z.string({ error: (issue) => (issue.input === undefined ? M.returnUrlRequired : M.returnUrl) }).meta({
      description:
        'Where the buyer goes when the order is paid: https on your `allowed_domain`. In test mode with ' +
        '`allowed_domain` `localhost`, also `http://localhost`, `http://127.0.0.1` or `http://[::1]` on any port.',
      format: 'uri',
      example: 'https://shop.example.com/orders/1001',
    }),
    cancel_url: z.string({ error: M.cancelUrl }).nullish().meta({
      description:
        'Where the buyer goes if they leave the checkout; the same rule as `return_url`, checked only when sent.',
      format: 'uri',
      example: 'https://shop.example.com/cart',
    }),
    line_items: z.array(LineItemSchema, { error: M.lineItems }).nullish().meta({
      description:
        'The order lines shown to the buyer (delivery, tax and discounts are lines too); they must add up to `amount`.',
    }),
    customer_email: z.email({ error: M.customerEmail }).max(254, { error: M.customerEmail }).nullish().meta({
      description: "Prefills the buyer's e-mail step (still verified by code); up to 254 characters.",
      example: EXAMPLE_VALUES.email,
    }),
    customer_name: z.string({ error: M.customerName }).max(120, { error: M.customerName }).nullish().meta({
      description: 'Up to 120 characters; stored and echoed to you, never shown to the group.',
      example: 'Alex Morgan',
    }),
    capture: z
      .enum(CAPTURE_CHOICES, { error: M.capture })
      .nullish()
      .transform((c) => c ?? 'automatic')
      .meta({
        description:
          'When the split captures: `automatic` (default) as soon as every participant has authorised, or ' +
          '`merchant_accept`: it then waits, `pending` with `awaiting_merchant: true`, for you to accept ' +
          '(`POST /api/merchants/checkout/splits/{id}/accept`) or decline (`.../cancel`), and is sent ' +
          '`checkout_split.authorised`; with no answer by `authorization_expires_at` the holds are released.',
        example: 'automatic',
      }),
    metadata: MetadataSchema.nullish().meta({
      description:
        'Your own keys: a flat object of strings, up to 20 keys, keys up to 40 and values up to 500 characters, ' +
        '4 KB in all. Echoed on the status endpoint and in every webhook of the order; never shown to payers.',
      example: { order_id: '1001' },
    }),
  },
  { error: M.body },
);
export type CreateSessionBody = z.infer<typeof CreateSessionSchema>;

/** Most important first: a body with several problems gets the spec's message for the first. */
const PRIORITY: string[] = [
  M.amountRequired,
  M.amount,
  M.amountDecimals,
  M.currency,
  M.returnUrlRequired,
  M.returnUrl,
  M.cancelUrl,
];

export const createSessionFailure: ValidationFailure = (details) =>
  validationFailed(mostImportant(details, PRIORITY) ?? details[0]?.message ?? MESSAGES.validationFailed, details);

export const ImageParams = idParams('id');

// ---- responses ------------------------------------------------------------------------------

const SessionStatusSchema = z.enum(['pending', 'paid', 'canceled', 'refunded']).meta({
  id: 'CheckoutSessionState',
  description: 'The session: `pending` (not paid yet), `paid`, `canceled` or `refunded`.',
});

/**
 * 201 (and 200 for an idempotent replay): the spec's `token` and `checkout_url`, plus the session's
 * status, expiry, amount and currency (additive), so the server needs no second call for them.
 */
export const CreatedSessionSchema = z
  .object({
    token: sessionTokenField('The session token: read the status with it. Treat it as a secret.'),
    checkout_url: z.string().meta({
      description: 'Send the buyer here. Valid for 2 hours.',
      format: 'uri',
      example: `http://localhost:3000/checkout/${EXAMPLE_VALUES.sessionToken}`,
    }),
    status: SessionStatusSchema,
    expires_at: timestampField('When `checkout_url` stops working (2 hours after creation).'),
    amount: poundsField('The order total in pounds, two places.'),
    currency: currencyField(),
  })
  .meta({
    id: 'CreatedCheckoutSession',
    description:
      'A new session is `pending`; an idempotent replay gives the session as it is now. `checkout_url` stops ' +
      'working at `expires_at` (2 hours after creation).',
  });

const EXPIRED = z.boolean().meta({ description: 'True once the 2 hours have passed without a split.', example: false });
const SPLIT_ID = nullableTextField(
  'The split made from this session; null until the buyer has chosen.',
  EXAMPLE_VALUES.ids.split,
);
const AUTHORISED_AT = nullableTimestampField(
  'When they authorised their share; null while pending.',
  EXAMPLE_VALUES.timestamp,
);

/**
 * GET /api/merchants/checkout/sessions/:token, public (the token is the credential): never the
 * customer's name, the metadata or the return URL.
 */
export const PublicSessionSchema = z
  .object({
    status: SessionStatusSchema,
    expired: EXPIRED,
    expires_at: timestampField('When the session stops working (2 hours after creation).'),
    mode: ModeSchema,
    business_name: textField('The trading name of the business selling.', 'Picnic Supplies'),
    order_reference: textField('The order reference shown to the buyer.', EXAMPLE_VALUES.orderReference),
    amount: poundsField('The order total in pounds, two places.'),
    currency: currencyField(),
    line_items: z.array(LineItemViewSchema).meta({ description: 'The order lines; empty when none were sent.' }),
    split_id: SPLIT_ID,
    customer_email: nullableTextField('The e-mail address the merchant prefilled, or null.', EXAMPLE_VALUES.email),
    cancel_url: nullableTextField(
      'Where the buyer goes back to if they leave; null when the merchant sent none.',
      'https://shop.example.com/cart',
    ),
    unavailable_reason: z
      .enum(['billing_card_required', 'billing_paused', 'connector_not_live', 'verification_required'])
      .nullable()
      .meta({
        description: 'Why the merchant cannot take payments now (the buyer sees a generic message); null when it can.',
      }),
  })
  .meta({ id: 'PublicCheckoutSession', description: 'The session as the buyer sees it.' });

const StatusParticipantSchema = z.object({
  id: idField('participant', 'The participant id.'),
  email: emailField('Their e-mail address.'),
  amount: poundsField('Their share, before the fee.', EXAMPLE_VALUES.share),
  application_fee: poundsField('The service fee on top of their share.', EXAMPLE_VALUES.fee),
  refunded_amount: poundsField('How much of their share has been refunded.', '0.00'),
  status: ParticipantStatusSchema,
  approved: z.boolean().meta({ description: 'True once they have authorised.', example: true }),
  authorised_at: AUTHORISED_AT,
  pay_token: payTokenField(),
});

const APPROVED_COUNT = z.number().int().meta({ description: 'Participants who have authorised.', example: 2 });
const TOTAL_COUNT = z.number().int().meta({
  description: 'Participants in the split (0 before there is one), plus its open seats if it was made with any.',
  example: 2,
});

/** The `split` block of the status response, null until the buyer has chosen. */
export const SessionSplitSchema = z
  .object({
    id: idField('split', 'The split id; equal to `data.split_id` in webhooks.'),
    status: SplitStatusSchema,
    total_amount: poundsField('The order total in pounds, two places.'),
    authorization_expires_at: timestampField('When the holds lapse and the split is cancelled (creation + 7 days).'),
    approved_count: APPROVED_COUNT,
    total_count: TOTAL_COUNT,
    approvals: z
      .array(
        z.object({
          participant_id: idField('participant', 'The participant id.'),
          email: emailField('Their e-mail address.'),
          authorised_at: AUTHORISED_AT,
        }),
      )
      .meta({ description: 'Who has authorised, in the order they did.' }),
    participants: z.array(StatusParticipantSchema).meta({ description: 'Everyone paying a share.' }),
    refunds: z.array(RefundHistoryEntrySchema).meta({ description: 'Every refund however made, oldest first.' }),
    awaiting_merchant: AwaitingMerchantSchema.optional(),
  })
  .extend(SeatFieldsSchema.partial().shape)
  .meta({ id: 'CheckoutSessionSplit', description: 'The split made from the session: progress, shares and refunds.' });

/** GET /api/merchants/checkout/sessions/:token/status (API key). */
export const SessionStatusResponseSchema = z
  .object({
    token: sessionTokenField(),
    status: SessionStatusSchema,
    expired: EXPIRED,
    mode: ModeSchema,
    amount: poundsField('The order total in pounds, two places.'),
    currency: currencyField(),
    order_reference: textField('As you sent it (default `Order`).', EXAMPLE_VALUES.orderReference),
    return_url: z.string().meta({ description: 'As you sent it.', example: 'https://shop.example.com/orders/1001' }),
    cancel_url: nullableTextField('As you sent it, or null.', 'https://shop.example.com/cart'),
    customer_email: nullableTextField('As you sent it, or null.', EXAMPLE_VALUES.email),
    customer_name: nullableTextField('As you sent it, or null.', 'Alex Morgan'),
    metadata: z
      .record(z.string(), z.string())
      .nullable()
      .meta({ description: 'As you sent it, or null.', example: { order_id: '1001' } }),
    line_items: z.array(LineItemViewSchema).meta({ description: 'The order lines; empty when none were sent.' }),
    created_at: timestampField('When the session was created.'),
    expires_at: timestampField('When the session stops working (2 hours after creation).'),
    split_id: SPLIT_ID,
    approved_count: APPROVED_COUNT,
    total_count: TOTAL_COUNT,
    participants: z
      .array(
        z.object({
          email: emailField('Their e-mail address.'),
          amount: poundsField('Their share, before the fee.', EXAMPLE_VALUES.share),
          status: ParticipantStatusSchema,
        }),
      )
      .meta({ description: 'Everyone paying a share; empty until the buyer has chosen.' }),
    split: SessionSplitSchema.nullable().meta({ description: 'The split; null until the buyer has chosen.' }),
    capture: z
      .literal('merchant_accept')
      .optional()
      .meta({
        description:
          "Only on a session created with `capture: 'merchant_accept'` (a feature's fields appear only on the orders " +
          'that use it): its split waits for your accept once every participant has authorised.',
        example: 'merchant_accept',
      }),
  })
  .meta({
    id: 'CheckoutSessionStatus',
    description: 'The session with everything you sent, and the split once there is one.',
  });
