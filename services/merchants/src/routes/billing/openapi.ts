import { err, GATES, type OpenApiPaths, operations, VALIDATION_FAILED } from '@groupsplit/shared';
import {
  BillingSchema,
  BillParams,
  BillSchema,
  CardSetupParams,
  CardSetupSchema,
  CARD_SETUP_MESSAGES as CS,
  BILLING_MESSAGES as M,
  SaveBillingCardSchema,
  SavedBillingCardSchema,
} from './schema';

const cardRejected = err("the processor's message", 'billing_card_rejected', 'the processor refused the card');

const family = { tag: 'Billing', business: { write: true, mode: true } };

export const billingPaths: OpenApiPaths = operations(family, {
  'GET /api/merchants/billing': {
    id: 'getBilling',
    summary: "The service's bills and the card they are charged to",
    description: 'Every role. Per mode (X-Service-Mode): the card on file and the latest 50 bills, newest first.',
    business: { mode: true },
    responses: { 200: { description: 'Billing of the mode asked.', schema: BillingSchema } },
  },
  'PUT /api/merchants/billing/card': {
    id: 'saveBillingCard',
    summary: 'Put a billing card on file',
    description:
      'Owner, Admin. Splits need a card on file in the same mode (`billing_card_required`). In test mode use a test ' +
      'payment method such as `pm_card_visa`.',
    body: { schema: SaveBillingCardSchema },
    responses: { 200: { description: 'The card on file.', schema: SavedBillingCardSchema } },
    errors: {
      400: [VALIDATION_FAILED, cardRejected],
      502: [err(M.cardFailed, 'processor_unavailable')],
    },
  },
  'POST /api/merchants/billing/card-setup': {
    id: 'startBillingCardSetup',
    summary: 'Open a secure card page at the payment processor',
    description:
      'Owner, Admin. Makes a page at the payment processor where the person enters a card (the card never passes ' +
      'through groupsplit). After saving, the page returns to the dashboard Billing page with `?card_setup=<id>`; ' +
      'then `POST /api/merchants/billing/card-setup/{id}/complete` puts the card on file. The page works for 24 hours.',
    responses: { 200: { description: 'The secure card page.', schema: CardSetupSchema } },
    errors: { 502: [err(CS.startFailed, 'processor_unavailable')] },
  },
  'POST /api/merchants/billing/card-setup/{id}/complete': {
    id: 'completeBillingCardSetup',
    summary: 'Put the card saved on the secure card page on file',
    description:
      'Owner, Admin. Reads the card set-up from the payment processor and puts the card saved there on file for ' +
      'the mode, as `PUT /api/merchants/billing/card` does. Calling it again answers the same card.',
    path: CardSetupParams,
    responses: { 200: { description: 'The card now on file.', schema: SavedBillingCardSchema } },
    errors: {
      400: [cardRejected],
      404: [err(CS.notFound, 'card_setup_not_found', "an unknown id, or another business's")],
      409: [
        err(CS.open, 'card_setup_open', 'the page is still open: no card saved yet'),
        err(CS.expired, 'card_setup_expired'),
      ],
      502: [err(CS.readFailed, 'processor_unavailable'), err(M.cardFailed, 'processor_unavailable')],
    },
  },
  'POST /api/merchants/billing/bills/{id}/pay': {
    id: 'payBill',
    summary: 'Pay an unpaid bill with the card on file',
    description: 'Owner, Admin. Paying restores split payments at once. A retried call never charges twice.',
    path: BillParams,
    responses: { 200: { description: 'The bill, now paid.', schema: BillSchema } },
    errors: {
      400: [
        err(GATES.billing_card_required.message, 'billing_card_required'),
        err(M.notPaid, 'bill_payment_failed', "or the processor's message for a declined card"),
      ],
      404: [err(M.billNotFound, 'bill_not_found')],
      409: [err(M.alreadyPaid, 'bill_already_paid')],
      502: [err(M.paymentFailed, 'processor_unavailable')],
    },
  },
});
