import { err, FAMILIES, IdempotencyKeyHeaders, MESSAGES, type OpenApiPaths, operations } from '@groupsplit/shared';
import { REFUND_ERRORS } from '../../refunds/openapi-errors';
import { RefundResultSchema, ServerRefundSchema, SplitIdParams } from './schema';

export const partialRefundPaths: OpenApiPaths = operations(FAMILIES.splits, {
  'POST /api/checkout-splits/{id}/partial-refund': {
    id: 'partialRefundSplit',
    summary: 'Refund all or part of a paid order (dashboard)',
    description:
      "Ours, beyond the spec (docs/refunds.md): the dashboard's refund of an amount, by the rules of " +
      '`POST /api/merchants/checkout/splits/{id}/refund` exactly: `amount` (pounds) absent means everything still ' +
      'outstanding; it is spread over the payers pro-rata in whole pence, each slice its own processor refund, and ' +
      "the slice that completes a share also returns that payer's 20p. From `captured` or `partially_refunded`. " +
      'Owner, Admin or Finance (not the creating account, unless they are one of those). `idempotency_key` (or the ' +
      '`Idempotency-Key` header) makes a retry safe. The refund is recorded with actor `dashboard:<user>`.',
    path: SplitIdParams,
    headers: IdempotencyKeyHeaders,
    body: { schema: ServerRefundSchema, required: false },
    responses: { 200: { description: 'The refund result.', schema: RefundResultSchema } },
    errors: {
      400: REFUND_ERRORS.amountBadRequests,
      403: REFUND_ERRORS.dashboardForbidden('not in the business (the buyer who created a hosted order included)'),
      404: [err(MESSAGES.notFound)],
      409: REFUND_ERRORS.amountConflicts,
    },
  },
});
