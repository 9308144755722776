import { err, FAMILIES, IdempotencyKeyHeaders, MESSAGES, type OpenApiPaths, operations } from '@groupsplit/shared';
import { REFUND_ERRORS } from '../../refunds/openapi-errors';
import { NOT_YOUR_SPLIT } from '../openapi-errors';
import { REFUND_MESSAGES as M } from './request-refund';
import { RefundResultSchema, ServerRefundSchema, SplitIdParams } from './schema';

const result = { 200: { description: 'The refund result.', schema: RefundResultSchema } };

/** The dashboard's, by split id; the server's is the server family's, by the same id. */
const family = { ...FAMILIES.splits, path: SplitIdParams };

export const refundsPaths: OpenApiPaths = operations(family, {
  'POST /api/checkout-splits/{id}/refund': {
    id: 'refundSplit',
    summary: 'Refund a whole split',
    description:
      'Owner, Admin, Finance, or the creating account; only from `captured`. Every captured share is refunded in ' +
      'full with its 20p, each as its own processor refund, and the service fee reversed. No body.',
    responses: result,
    errors: {
      400: [err(M.notCaptured), err(M.vanished)],
      403: REFUND_ERRORS.dashboardForbidden('not in the business and not the creator'),
      404: [err(MESSAGES.notFound)],
      409: REFUND_ERRORS.conflicts,
    },
  },
  'POST /api/merchants/checkout/splits/{id}/refund': {
    ...FAMILIES.server,
    id: 'refundCheckoutSplit',
    summary: 'Refund all or part of a paid order',
    description:
      'API key. `amount` (pounds) absent means everything still outstanding. A partial amount is spread over the ' +
      'payers pro-rata, in whole pence; each slice is its own processor refund, and the slice that completes a share ' +
      "also returns that payer's 20p. Send `idempotency_key` (or the `Idempotency-Key` header; the body's wins when " +
      'both are sent): a repeat returns the stored result and never refunds twice.',
    headers: IdempotencyKeyHeaders,
    body: { schema: ServerRefundSchema, required: false },
    responses: result,
    errors: {
      400: REFUND_ERRORS.amountBadRequests,
      404: [NOT_YOUR_SPLIT],
      409: REFUND_ERRORS.amountConflicts,
    },
  },
});
