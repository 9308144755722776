import { err, FAMILIES, MESSAGES, type OpenApiPaths, operations } from '@groupsplit/shared';
import { NOT_YOUR_SPLIT, splitChangeForbidden } from '../openapi-errors';
import { CANCEL_NOT_CONFIRMED_MESSAGE, CanceledSchema, notPendingMessage, SplitIdParams } from './schema';

const canceled = { 200: { description: 'Cancelled (or already was).', schema: CanceledSchema } };

const notConfirmed = err(
  CANCEL_NOT_CONFIRMED_MESSAGE,
  'cancel_not_confirmed',
  "rare: no worker took the cancel within the answer's bound (10 s); the split is still pending, send it again after `Retry-After` seconds",
);

/** The dashboard's, by split id; the server's is the server family's, by the same id. */
const family = { ...FAMILIES.splits, path: SplitIdParams };

export const splitCancelPaths: OpenApiPaths = operations(family, {
  'POST /api/checkout-splits/{id}/cancel': {
    id: 'cancelSplit',
    summary: 'Cancel a pending split',
    description:
      'Owner, Admin, Member, or the creating account. Releases every hold. On any status other than `pending` it ' +
      'answers 200 `canceled` and does nothing: read the split back and check `status` (`canceling` while the ' +
      'holds are still being released). Answers within 10 s.',
    responses: canceled,
    errors: {
      403: splitChangeForbidden(MESSAGES.cancelForbidden, 'not in the business and not the creator'),
      404: [err(MESSAGES.notFound)],
      503: [notConfirmed],
    },
  },
  'POST /api/merchants/checkout/splits/{id}/cancel': {
    ...FAMILIES.server,
    id: 'cancelCheckoutSplit',
    summary: 'Cancel a pending order from your server',
    description:
      'API key. Acts only on `pending`: releases the holds, e-mails the payers and sends `checkout_split.canceled`. ' +
      'A repeat on a cancelled split answers 200 again (safe to retry). Answers within 10 s: once the cancel is ' +
      'recorded, even while the holds are still being released (the split then reads `canceling` until they are).',
    responses: canceled,
    errors: {
      404: [NOT_YOUR_SPLIT],
      409: [err(notPendingMessage('captured'), 'not_pending', 'any status but pending or canceled; `status` names it')],
      503: [notConfirmed],
    },
  },
});
