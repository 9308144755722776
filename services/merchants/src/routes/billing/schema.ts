import {
  idField,
  ModeSchema,
  nullableTimestampField,
  poundsField,
  textField,
  timestampField,
} from '@groupsplit/shared';
import { z } from 'zod';

export const SaveBillingCardSchema = z.object({
  payment_method: z
    .string({ error: 'Send payment_method: the id of a card payment method (for example pm_card_visa in test mode)' })
    .trim()
    .min(1, 'Send payment_method: the id of a card payment method')
    .max(255, 'payment_method is too long')
    .meta({
      description: 'A card payment method id, up to 255 characters (test mode: `pm_card_visa`).',
      example: 'pm_card_visa',
    }),
});

export const BILLING_MESSAGES = {
  cardFailed: 'Could not save the billing card. Please try again.',
  billNotFound: 'Bill not found',
  alreadyPaid: 'This bill is already paid.',
  paymentFailed: 'Could not take the payment. Please try again.',
  notPaid: 'The card on file could not pay this bill. Update the card and try again.',
} as const;

const BRAND = textField('The card brand.', 'visa');
const LAST4 = textField('The last four digits.', '4242');

export const BillingCardSchema = z
  .object({
    mode: ModeSchema,
    brand: BRAND,
    last4: LAST4,
    exp_month: z.number().int().nullable().meta({ description: 'Expiry month, 1 to 12.', example: 12 }),
    exp_year: z.number().int().nullable().meta({ description: 'Expiry year.', example: 2029 }),
    updated_at: timestampField('When the card was put on file.'),
  })
  .meta({ id: 'BillingCard', description: 'The card your bills are charged to.' });

export const BillSchema = z
  .object({
    id: idField('bill', 'The bill id.'),
    amount: poundsField('What the bill is for, in pounds.', '12.40'),
    currency: z.literal('gbp').meta({ description: 'Always `gbp`.' }),
    description: textField('What it is for.', 'Service fees, October 2026'),
    issued_at: timestampField('When it was issued.'),
    paid_at: nullableTimestampField('When it was paid, or null.'),
    status: z.enum(['paid', 'unpaid']).meta({ description: '`paid` or `unpaid`.', example: 'paid' }),
    days_unpaid: z
      .number()
      .int()
      .meta({ description: 'A bill unpaid for 14 days pauses split payments until it is paid.', example: 0 }),
  })
  .meta({ id: 'Bill', description: "One of the service's bills to you." });

/** GET /api/merchants/billing: the mode's card on file and its latest 50 bills. */
export const BillingSchema = z
  .object({
    mode: ModeSchema,
    card: BillingCardSchema.nullable().meta({ description: 'The card on file, or null (splits need one).' }),
    bills: z.array(BillSchema).meta({ description: 'The latest 50 bills, newest first.' }),
  })
  .meta({ id: 'Billing', description: "The mode's card on file and its latest bills." });

/** PUT /api/merchants/billing/card. */
export const SavedBillingCardSchema = z
  .object({ mode: ModeSchema, brand: BRAND, last4: LAST4 })
  .meta({ id: 'SavedBillingCard', description: 'The card now on file.' });

/** POST /api/merchants/billing/bills/:id/pay: the bill (an unknown id is 404 `Bill not found`). */
export const BillParams = z.object({ id: idField('bill', 'The bill id (`bills[].id`).') });

/** The processor's id of a hosted card set-up page (a Checkout Session): `cs_test_…` or `cs_live_…`. */
const CARD_SETUP_ID = z
  .string()
  .regex(/^cs_(test|live)_[A-Za-z0-9]{1,200}$/)
  .meta({
    description: 'The card set-up id (`id` from `POST /api/merchants/billing/card-setup`).',
    example: 'cs_live_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ',
  });

/** POST /api/merchants/billing/card-setup: a secure page at the processor where the person enters a card. */
export const CardSetupSchema = z
  .object({
    id: CARD_SETUP_ID,
    url: z.string().meta({
      description:
        "The processor's secure card page. Open it in a new tab; after saving, it returns to the dashboard's Billing " +
        'page with `?card_setup=<id>&mode=<mode>`.',
      format: 'uri',
      example: 'https://checkout.processor.example/c/pay/cs_live_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ',
    }),
    expires_at: timestampField('When the page stops taking a card (24 hours after it was made).'),
  })
  .meta({ id: 'CardSetup', description: 'A secure card page at the payment processor.' });

export const CardSetupParams = z.object({ id: CARD_SETUP_ID });

export const CARD_SETUP_MESSAGES = {
  startFailed: 'Could not open the secure card page. Please try again.',
  notFound: 'Card set-up not found',
  open: 'No card has been saved on the secure card page yet.',
  expired: 'The secure card page expired before a card was saved. Open a new one.',
  readFailed: 'Could not read the card set-up from the payment processor. Please try again.',
} as const;
