import { ModeSchema, PoundsSchema, TimestampSchema } from '@groupsplit/shared';
import { z } from 'zod';

export const SaveBillingCardSchema = z.object({
  payment_method: z
    .string({ error: 'Send payment_method: the id of a card payment method (for example pm_card_visa in test mode)' })
    .trim()
    .min(1, 'Send payment_method: the id of a card payment method')
    .max(255, 'payment_method is too long'),
});

export const BILLING_MESSAGES = {
  cardFailed: 'Could not save the billing card. Please try again.',
  billNotFound: 'Bill not found',
  alreadyPaid: 'This bill is already paid.',
  paymentFailed: 'Could not take the payment. Please try again.',
  notPaid: 'The card on file could not pay this bill. Update the card and try again.',
} as const;

export const BillingCardSchema = z
  .object({
    mode: ModeSchema,
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number().int().nullable(),
    exp_year: z.number().int().nullable(),
    updated_at: TimestampSchema,
  })
  .meta({ id: 'BillingCard' });

export const BillSchema = z
  .object({
    id: z.string(),
    amount: PoundsSchema,
    currency: z.literal('gbp'),
    description: z.string(),
    issued_at: TimestampSchema,
    paid_at: TimestampSchema.nullable(),
    status: z.enum(['paid', 'unpaid']),
    days_unpaid: z
      .number()
      .int()
      .meta({ description: 'A bill unpaid for 14 days pauses split payments until it is paid.' }),
  })
  .meta({ id: 'Bill' });

/** GET /api/merchants/billing: the mode's card on file and its latest 50 bills. */
export const BillingSchema = z
  .object({ mode: ModeSchema, card: BillingCardSchema.nullable(), bills: z.array(BillSchema) })
  .meta({ id: 'Billing' });

/** PUT /api/merchants/billing/card. */
export const SavedBillingCardSchema = z
  .object({ mode: ModeSchema, brand: z.string(), last4: z.string() })
  .meta({ id: 'SavedBillingCard' });
