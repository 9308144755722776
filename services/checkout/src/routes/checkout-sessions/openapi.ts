import {
  EXAMPLE_VALUES,
  err,
  FAMILIES,
  IdempotencyKeyHeaders,
  mergePaths,
  type OpenApiPaths,
  operations,
} from '@groupsplit/shared';
import { TokenParams } from '../../sessions/schema';
import { NO_SESSION } from '../openapi-errors';
import {
  CreatedSessionSchema,
  CreateSessionSchema,
  SESSION_MESSAGES as M,
  PublicSessionSchema,
  SessionStatusResponseSchema,
} from './schema';

/** The quickstart's order: £44.95, its lines adding up to it. */
const EXAMPLE = {
  amount: EXAMPLE_VALUES.amount,
  order_reference: EXAMPLE_VALUES.orderReference,
  return_url: 'https://shop.example.com/orders/1001',
  cancel_url: 'https://shop.example.com/cart',
  line_items: [
    { description: 'Picnic blanket', amount: '39.95', quantity: 1 },
    { description: 'Delivery', amount: '5.00' },
  ],
  customer_email: EXAMPLE_VALUES.email,
  metadata: { order_id: '1001' },
};

const create = operations(FAMILIES.server, {
  'POST /api/merchants/checkout/sessions': {
    id: 'createCheckoutSession',
    summary: 'Create a hosted checkout session',
    description:
      'From your server, with an API key. Send the buyer to `checkout_url` (valid for 2 hours); they split the order ' +
      'there, and you hear `checkout_split.paid` once every share is captured. Needs `allowed_domain` set: ' +
      '`return_url` and `cancel_url` must be https on that host. A test key needs no processor connection; a live ' +
      'key needs charges enabled; in test mode an allowed domain of `localhost` also takes `http://localhost`, ' +
      '`http://127.0.0.1` and `http://[::1]` on any port. Line items, when sent, must add up to `amount`. Send ' +
      '`Idempotency-Key` so a retry cannot create a second session. An unknown field is refused (400 ' +
      '`validation_failed`, "Unknown field retrun_url. Did you mean return_url?").',
    headers: IdempotencyKeyHeaders,
    body: { schema: CreateSessionSchema, example: EXAMPLE },
    responses: {
      201: { description: 'Created.', schema: CreatedSessionSchema },
      200: { description: 'An idempotent replay: the original session.', schema: CreatedSessionSchema },
    },
    errors: {
      400: [
        err(M.amount, 'validation_failed', 'out of range or not a number'),
        err(M.amountRequired, 'validation_failed'),
        err(M.amountDecimals, 'validation_failed', 'more than two decimals, such as 5.001'),
        err(M.currency, 'validation_failed'),
        err(M.returnUrlRequired, 'validation_failed'),
        err(M.returnUrl, 'validation_failed', 'return_url not text'),
        err(M.returnUrl, 'invalid_return_url', 'no allowed domain, or not https on it'),
        err(M.cancelUrl, 'invalid_cancel_url'),
        err(M.lineDescription, 'validation_failed', 'or another field-level message; `details` lists each'),
        err('line_items must add up to amount: they add up to £40.00, amount is £44.95', 'line_items_mismatch'),
        err(M.onboarding, 'processor_onboarding_required', 'live key, charges not enabled yet'),
        err(M.idempotencyKey, 'invalid_idempotency_key'),
      ],
      409: [err('This Idempotency-Key was already used with a different request body', 'idempotency_key_reused')],
    },
  },
});

/** The reads of one session by its token (the public lookup is the buyer's); an unknown token is 404. */
const byToken = { ...FAMILIES.server, path: TokenParams, errors: { 404: [NO_SESSION] } };

const bySessionToken = operations(byToken, {
  'GET /api/merchants/checkout/sessions/{token}': {
    ...FAMILIES.buyer,
    id: 'getPublicCheckoutSession',
    summary: 'Public session lookup',
    description:
      'No credential: the token in the path is one; treat it as a secret. What the hosted page shows the buyer. ' +
      '`unavailable_reason` says why the merchant cannot take payments right now.',
    responses: {
      200: { description: 'The session as the buyer sees it.', schema: PublicSessionSchema },
    },
  },
  'GET /api/merchants/checkout/sessions/{token}/status': {
    id: 'getCheckoutSessionStatus',
    summary: 'Session status, with the split and its refunds',
    description:
      'API key. Everything you sent (customer fields, metadata) plus progress: `split` is null until the buyer has ' +
      "chosen. Another merchant's token, or the other mode's, is 404.",
    responses: {
      200: { description: 'The session.', schema: SessionStatusResponseSchema },
    },
  },
});

export const checkoutSessionsPaths: OpenApiPaths = mergePaths([create, bySessionToken]);
