import {
  businessErrorResponses,
  businessHeaders,
  err,
  GATES,
  json,
  type OpenApiPaths,
  VALIDATION_FAILED,
} from '@groupsplit/shared';
import {
  BillingSchema,
  BillParams,
  BillSchema,
  BILLING_MESSAGES as M,
  SaveBillingCardSchema,
  SavedBillingCardSchema,
} from './schema';

export const billingPaths: OpenApiPaths = {
  '/api/merchants/billing': {
    get: {
      operationId: 'getBilling',
      tags: ['Billing'],
      summary: "The service's bills and the card they are charged to",
      description: 'Every role. Per mode (X-Service-Mode): the card on file and the latest 50 bills, newest first.',
      requestParams: { header: businessHeaders({ mode: true }) },
      responses: {
        200: { description: 'Billing of the mode asked.', ...json(BillingSchema) },
        ...businessErrorResponses({ mode: true }),
      },
    },
  },
  '/api/merchants/billing/card': {
    put: {
      operationId: 'saveBillingCard',
      tags: ['Billing'],
      summary: 'Put a billing card on file',
      description:
        'Owner, Admin. Splits need a card on file in the same mode (`billing_card_required`). In test mode use a test ' +
        'payment method such as `pm_card_visa`.',
      requestParams: { header: businessHeaders({ mode: true }) },
      requestBody: { required: true, ...json(SaveBillingCardSchema, { payment_method: 'pm_card_visa' }) },
      responses: {
        200: { description: 'The card on file.', ...json(SavedBillingCardSchema) },
        ...businessErrorResponses(
          { write: true, mode: true },
          {
            400: [
              VALIDATION_FAILED,
              err("the processor's message", 'billing_card_rejected', 'the processor refused the card'),
            ],
            502: [err(M.cardFailed, 'processor_unavailable')],
          },
        ),
      },
    },
  },
  '/api/merchants/billing/bills/{id}/pay': {
    post: {
      operationId: 'payBill',
      tags: ['Billing'],
      summary: 'Pay an unpaid bill with the card on file',
      description: 'Owner, Admin. Paying restores split payments at once. A retried call never charges twice.',
      requestParams: { path: BillParams, header: businessHeaders({ mode: true }) },
      responses: {
        200: { description: 'The bill, now paid.', ...json(BillSchema) },
        ...businessErrorResponses(
          { write: true, mode: true },
          {
            400: [
              err(GATES.billing_card_required.message, 'billing_card_required'),
              err(M.notPaid, 'bill_payment_failed', "or the processor's message for a declined card"),
            ],
            404: [err(M.billNotFound, 'bill_not_found')],
            409: [err(M.alreadyPaid, 'bill_already_paid')],
            502: [err(M.paymentFailed, 'processor_unavailable')],
          },
        ),
      },
    },
  },
};
