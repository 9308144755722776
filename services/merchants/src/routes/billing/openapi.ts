import { err, GATES, type OpenApiPaths, operation, VALIDATION_FAILED } from '@groupsplit/shared';
import {
  BillingSchema,
  BillParams,
  BillSchema,
  BILLING_MESSAGES as M,
  SaveBillingCardSchema,
  SavedBillingCardSchema,
} from './schema';

const tag = 'Billing';

export const billingPaths: OpenApiPaths = {
  '/api/merchants/billing': {
    get: operation({
      id: 'getBilling',
      tag,
      summary: "The service's bills and the card they are charged to",
      description: 'Every role. Per mode (X-Service-Mode): the card on file and the latest 50 bills, newest first.',
      business: { mode: true },
      responses: { 200: { description: 'Billing of the mode asked.', schema: BillingSchema } },
    }),
  },
  '/api/merchants/billing/card': {
    put: operation({
      id: 'saveBillingCard',
      tag,
      summary: 'Put a billing card on file',
      description:
        'Owner, Admin. Splits need a card on file in the same mode (`billing_card_required`). In test mode use a test ' +
        'payment method such as `pm_card_visa`.',
      business: { write: true, mode: true },
      body: { schema: SaveBillingCardSchema },
      responses: { 200: { description: 'The card on file.', schema: SavedBillingCardSchema } },
      errors: {
        400: [
          VALIDATION_FAILED,
          err("the processor's message", 'billing_card_rejected', 'the processor refused the card'),
        ],
        502: [err(M.cardFailed, 'processor_unavailable')],
      },
    }),
  },
  '/api/merchants/billing/bills/{id}/pay': {
    post: operation({
      id: 'payBill',
      tag,
      summary: 'Pay an unpaid bill with the card on file',
      description: 'Owner, Admin. Paying restores split payments at once. A retried call never charges twice.',
      path: BillParams,
      business: { write: true, mode: true },
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
    }),
  },
};
