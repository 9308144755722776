import {
  type AppError,
  type ErrorDetail,
  idParams,
  MESSAGES,
  ModeSchema,
  MoneyFormatError,
  PoundsSchema,
  poundsToPence,
  TimestampSchema,
  validationFailed,
} from '@groupsplit/shared';
import { z } from 'zod';
import {
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
  idempotencyKey: 'Idempotency-Key must be 1 to 255 characters',
  body: 'The request body must be a JSON object',
} as const;

const M = SESSION_MESSAGES;

export const MIN_SESSION_PENCE = 100;
export const MAX_SESSION_PENCE = 500_000;
export const METADATA_LIMITS = { keys: 20, keyLength: 40, valueLength: 500, totalBytes: 4096 } as const;

/** Pounds as a number or decimal string, to whole pence; anything else is an issue with `message`. */
const pounds = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    try {
      return poundsToPence(value);
    } catch (error) {
      if (!(error instanceof MoneyFormatError)) throw error;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
  });

export const LineItemSchema = z.object(
  {
    description: z.string({ error: M.lineDescription }).trim().min(1, { error: M.lineDescription }).max(120, {
      error: M.lineDescription,
    }),
    amount: pounds(M.lineAmount),
    quantity: z
      .number({ error: M.lineQuantity })
      .int({ error: M.lineQuantity })
      .min(1, { error: M.lineQuantity })
      .default(1),
    image_url: z.string({ error: M.lineImage }).nullish(),
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
const sessionAmount = z
  .union([z.number(), z.string()], { error: (issue) => (issue.input === undefined ? M.amountRequired : M.amount) })
  .transform((value, ctx) => {
    try {
      return poundsToPence(value);
    } catch (error) {
      if (!(error instanceof MoneyFormatError)) throw error;
      const tooPrecise = TOO_MANY_DECIMALS.test(String(value).trim());
      ctx.addIssue({ code: 'custom', message: tooPrecise ? M.amountDecimals : M.amount });
      return z.NEVER;
    }
  });

/** POST /api/merchants/checkout/sessions. Null is taken as "not sent" for every optional field. */
export const CreateSessionSchema = z.object(
  {
    amount: sessionAmount.pipe(
      z.number().min(MIN_SESSION_PENCE, { error: M.amount }).max(MAX_SESSION_PENCE, { error: M.amount }),
    ),
    currency: z
      .string({ error: M.currency })
      .transform((c) => c.trim().toLowerCase())
      .pipe(z.literal('gbp', { error: M.currency }))
      .nullish()
      .transform((c) => c ?? 'gbp'),
    order_reference: z
      .string({ error: M.orderReference })
      .trim()
      .max(200, { error: M.orderReference })
      .nullish()
      .transform((r) => r || 'Order'),
    return_url: z.string({ error: (issue) => (issue.input === undefined ? M.returnUrlRequired : M.returnUrl) }),
    cancel_url: z.string({ error: M.cancelUrl }).nullish(),
    line_items: z.array(LineItemSchema, { error: M.lineItems }).nullish(),
    customer_email: z.email({ error: M.customerEmail }).max(254, { error: M.customerEmail }).nullish(),
    customer_name: z.string({ error: M.customerName }).max(120, { error: M.customerName }).nullish(),
    metadata: MetadataSchema.nullish(),
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

export function createSessionFailure(details: ErrorDetail[]): AppError {
  const messages = details.map((d) => d.message);
  const message = PRIORITY.find((m) => messages.includes(m)) ?? messages[0] ?? MESSAGES.validationFailed;
  return validationFailed(message, details);
}

export const ImageParams = idParams('id');

// ---- responses ------------------------------------------------------------------------------

const SessionStatusSchema = z.enum(['pending', 'paid', 'canceled', 'refunded']).meta({ id: 'CheckoutSessionState' });

/**
 * 201 (and 200 for an idempotent replay): the spec's `token` and `checkout_url`, plus the session's
 * status, expiry, amount and currency (additive), so the server needs no second call for them.
 */
export const CreatedSessionSchema = z
  .object({
    token: z.string(),
    checkout_url: z.string().meta({ description: 'Send the buyer here. Valid for 2 hours.' }),
    status: SessionStatusSchema,
    expires_at: TimestampSchema,
    amount: PoundsSchema,
    currency: z.string(),
  })
  .meta({
    id: 'CreatedCheckoutSession',
    description:
      'A new session is `pending`; an idempotent replay gives the session as it is now. `checkout_url` stops ' +
      'working at `expires_at` (2 hours after creation).',
  });

/**
 * GET /api/merchants/checkout/sessions/:token, public (the token is the credential): never the
 * customer's name, the metadata or the return URL.
 */
export const PublicSessionSchema = z
  .object({
    status: SessionStatusSchema,
    expired: z.boolean(),
    expires_at: TimestampSchema,
    mode: ModeSchema,
    business_name: z.string(),
    order_reference: z.string(),
    amount: PoundsSchema,
    currency: z.string(),
    line_items: z.array(LineItemViewSchema),
    split_id: z.string().nullable(),
    customer_email: z.string().nullable(),
    cancel_url: z.string().nullable(),
    unavailable_reason: z
      .enum(['billing_card_required', 'billing_paused', 'connector_not_live', 'verification_required'])
      .nullable()
      .meta({
        description: 'Why the merchant cannot take payments now (the buyer sees a generic message); null when it can.',
      }),
  })
  .meta({ id: 'PublicCheckoutSession' });

const StatusParticipantSchema = z.object({
  id: z.string(),
  email: z.string(),
  amount: PoundsSchema,
  application_fee: PoundsSchema,
  refunded_amount: PoundsSchema,
  status: ParticipantStatusSchema,
  approved: z.boolean(),
  authorised_at: TimestampSchema.nullable(),
  pay_token: z.string(),
});

/** The `split` block of the status response, null until the buyer has chosen. */
export const SessionSplitSchema = z
  .object({
    id: z.string().meta({ description: 'The split id; equal to `data.split_id` in webhooks.' }),
    status: SplitStatusSchema,
    total_amount: PoundsSchema,
    authorization_expires_at: TimestampSchema,
    approved_count: z.number().int(),
    total_count: z.number().int(),
    approvals: z.array(
      z.object({ participant_id: z.string(), email: z.string(), authorised_at: TimestampSchema.nullable() }),
    ),
    participants: z.array(StatusParticipantSchema),
    refunds: z.array(RefundHistoryEntrySchema).meta({ description: 'Every refund however made, oldest first.' }),
  })
  .meta({ id: 'CheckoutSessionSplit' });

/** GET /api/merchants/checkout/sessions/:token/status (API key). */
export const SessionStatusResponseSchema = z
  .object({
    token: z.string(),
    status: SessionStatusSchema,
    expired: z.boolean(),
    mode: ModeSchema,
    amount: PoundsSchema,
    currency: z.string(),
    order_reference: z.string(),
    return_url: z.string(),
    cancel_url: z.string().nullable(),
    customer_email: z.string().nullable(),
    customer_name: z.string().nullable(),
    metadata: z.record(z.string(), z.string()).nullable(),
    line_items: z.array(LineItemViewSchema),
    created_at: TimestampSchema,
    expires_at: TimestampSchema,
    split_id: z.string().nullable(),
    approved_count: z.number().int(),
    total_count: z.number().int(),
    participants: z.array(z.object({ email: z.string(), amount: PoundsSchema, status: ParticipantStatusSchema })),
    split: SessionSplitSchema.nullable(),
  })
  .meta({ id: 'CheckoutSessionStatus' });
