import { PoundsSchema, type SplitParticipantRow, type SplitRow, TimestampSchema } from '@groupsplit/shared';
import { z } from 'zod';

export const PayTokenParams = z.object({ token: z.string().min(1).max(200) });

/** POST /api/checkout-splits/pay/:token/authorise: a processor payment method id, e.g. `pm_card_visa` in test mode. */
export const AuthoriseShareSchema = z.object({
  payment_method: z.string().min(1).max(255),
});

/** The pay page's own form post (test mode: the chosen test card). */
export const PayFormSchema = z.object({
  payment_method: z.string().min(1).max(255),
});

// ---- responses ------------------------------------------------------------------------------

const PARTICIPANT_STATUSES = [
  'pending',
  'authorised',
  'captured',
  'canceled',
  'refunded',
] as const satisfies readonly SplitParticipantRow['status'][];
const SPLIT_STATUSES = [
  'pending',
  'capturing',
  'captured',
  'canceling',
  'canceled',
  'refunded',
  'partially_refunded',
  'creation_failed',
  'capture_failed',
] as const satisfies readonly SplitRow['status'][];

export const ParticipantStatusSchema = z.enum(PARTICIPANT_STATUSES).meta({ id: 'ParticipantStatus' });
export const SplitStatusSchema = z.enum(SPLIT_STATUSES).meta({
  id: 'SplitStatus',
  description:
    'Terminal: `captured`, `canceled`, `refunded`, `creation_failed`, `capture_failed` (and `partially_refunded` until the rest is refunded).',
});
/** Two-place pounds (shared: one schema for the shape everywhere). */
export { PoundsSchema };

/** One order line as payers see it (the hosted session's lines; a dashboard split has none). */
export const LineItemViewSchema = z
  .object({
    description: z.string(),
    amount: PoundsSchema,
    quantity: z.number().int().min(1),
    /** The service's own copy of the picture, or null (no picture: none is shown). */
    image_url: z.string().nullable(),
  })
  .meta({ id: 'LineItemView' });

/**
 * The group's progress, as any one participant may see it: counts, and each participant's masked
 * e-mail (`a***@example.com`) and status. Never another participant's pay token or full e-mail.
 */
export const GroupProgressSchema = z
  .object({
    /** Participants who have authorised (or been captured or refunded since). */
    approved_count: z.number().int().min(0),
    total_count: z.number().int().min(1),
    participants: z.array(
      z.object({
        email_masked: z.string(),
        status: ParticipantStatusSchema,
        /** This is the participant whose pay token was used. */
        is_you: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'GroupProgress' });

/** GET /api/checkout-splits/pay/:token: one participant's own view for hosting the pay step. */
export const PayViewSchema = z
  .object({
    split_id: z.string(),
    participant_id: z.string(),
    email: z.string(),
    /** The share, the service fee on top, and what the card is held for (their sum). */
    amount: PoundsSchema,
    application_fee: PoundsSchema,
    card_charge: PoundsSchema,
    currency: z.string(),
    status: ParticipantStatusSchema,
    split_status: SplitStatusSchema,
    /** Why a canceled split ended: `expired` (the holds lapsed) or `canceled`; null otherwise. */
    cancel_reason: z.enum(['canceled', 'expired']).nullable(),
    order_reference: z.string(),
    business_name: z.string(),
    mode: z.enum(['test', 'live']),
    /** The whole order: its lines (empty for a split made on the dashboard) and its total. */
    line_items: z.array(LineItemViewSchema),
    total_amount: PoundsSchema,
    authorization_expires_at: TimestampSchema,
    /** For confirming the hold with the processor's own page script; null once it is not pending. */
    client_secret: z.string().nullable(),
    stripe_account: z.string(),
    publishable_key: z.string(),
    group: GroupProgressSchema,
  })
  .meta({ id: 'PayView' });
export type PayView = z.infer<typeof PayViewSchema>;

/** POST /api/checkout-splits/pay/:token/authorise. */
export const AuthoriseShareResponseSchema = z
  .object({
    participant_id: z.string(),
    status: ParticipantStatusSchema,
    split_status: SplitStatusSchema,
  })
  .meta({ id: 'AuthorisedShare' });

/** POST /api/checkout-splits/pay/:token/authorise, 202: the card's bank asks the participant to confirm (3-D Secure). */
export const AuthenticationRequiredSchema = z
  .object({
    participant_id: z.string(),
    status: z.literal('requires_action'),
    /** The bank's challenge page (the processor's): send the participant there; it sends them back to `/pay/{token}/return`. */
    redirect_url: z.string(),
    split_status: SplitStatusSchema,
  })
  .meta({ id: 'AuthenticationRequired' });
