import { err, FAMILIES, MESSAGES, type OpenApiPaths, operations } from '@groupsplit/shared';
import { NOT_YOUR_SPLIT, splitChangeForbidden } from '../openapi-errors';
import {
  ACCEPT_FORBIDDEN_MESSAGE,
  ACCEPT_NOT_TAKEN_MESSAGE,
  AcceptBody,
  AcceptedSchema,
  NOT_AWAITING_MERCHANT_MESSAGE,
  SplitIdParams,
} from './schema';

const accepted = { 200: { description: 'Accepted and captured (or the capture failed).', schema: AcceptedSchema } };

const notAwaiting = err(
  NOT_AWAITING_MERCHANT_MESSAGE,
  'not_awaiting_merchant',
  'the split is not pending with every share authorised on a `merchant_accept` order (still collecting, ' +
    'cancelled, expired, already accepted, or an `automatic` order)',
);

const notTaken = err(
  ACCEPT_NOT_TAKEN_MESSAGE,
  'service_unavailable',
  'rare: the workflow could not be reached for a while; nothing was accepted, send it again',
);

const DESCRIPTION =
  "Only for a split of a session created with `capture: 'merchant_accept'` that waits for you " +
  '(`awaiting_merchant: true`, after `checkout_split.authorised`): captures every share as an automatic order ' +
  'does and answers once the capture finished. To decline, cancel the split instead. An accept racing a cancel or ' +
  'the expiry has exactly one outcome: the one taken first stands and the other is refused.';

/** The dashboard's accept; the server's is the server family's. Both refuse alike. */
const family = {
  ...FAMILIES.splits,
  path: SplitIdParams,
  errors: { 409: [notAwaiting], 503: [notTaken] },
};

export const splitAcceptPaths: OpenApiPaths = operations(family, {
  'POST /api/checkout-splits/{id}/accept': {
    id: 'acceptSplit',
    summary: 'Accept an order waiting for you',
    description: `Owner, Admin, Member, or the creating account (as cancel). ${DESCRIPTION}`,
    body: { schema: AcceptBody, required: false },
    responses: accepted,
    errors: {
      403: splitChangeForbidden(
        ACCEPT_FORBIDDEN_MESSAGE,
        'not in the business (the buyer who created a hosted order included)',
      ),
      404: [err(MESSAGES.notFound)],
    },
  },
  'POST /api/merchants/checkout/splits/{id}/accept': {
    ...FAMILIES.server,
    id: 'acceptCheckoutSplit',
    summary: 'Accept an order from your server',
    description: `API key. ${DESCRIPTION}`,
    body: { schema: AcceptBody, required: false },
    responses: accepted,
    errors: { 404: [NOT_YOUR_SPLIT] },
  },
});
