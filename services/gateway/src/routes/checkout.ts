import { rulesOf } from './rule';
import type { RouteRule } from './types';

const rules = rulesOf('checkout');
const serverOps = { bucket: 'server_ops' } as const;
const publicLookup = { bucket: 'public_lookup' } as const;

/** Hosted checkout (API-key server routes, buyer routes and pages), splits and processor events. */
export const checkoutRoutes: RouteRule[] = [
  rules(
    [
      '* /api/processor/**',
      '* /checkout/**',
      '* /pay/**',
      // The group link's page (docs/splits.md, "Open seats"), served like the checkout page.
      '* /join/**',
    ],
    'none',
  ),
  // Limits (docs/spec.md, Limits): session creation has its own per-key bucket; buyer lookups are public, per IP.
  rules('POST /api/merchants/checkout/sessions', 'api_key', { bucket: 'session_create', replaysIdempotencyKey: true }),
  rules(['GET /api/merchants/checkout/sessions/:token', 'GET /api/checkout-splits/pay/:token'], 'none', publicLookup),
  // Hosted checkout: the buyer's split needs a signed-in buyer (no merchant terms to accept);
  // remind takes an API key or a dashboard session.
  rules('POST /api/merchants/checkout/sessions/:token/split', 'session_no_consent'),
  rules('POST /api/merchants/checkout/sessions/:token/remind', 'api_key_or_session', serverOps),
  rules(
    [
      // Beyond the spec (docs/splits.md, "Replacing a participant"): the buyer's view of their split's
      // group, read while the page is open (a signed-in read, unlimited like the dashboard's), and the
      // buyer's replace. A replace places a hold and e-mails an address the caller chose, so both
      // replace routes (this one and the dashboard's below) count in server_ops, per client IP.
      'GET /api/merchants/checkout/sessions/:token/group',
      // Names and getting back to your share (docs/hosted-checkout.md): the signed-in person's own shares of
      // the session's split, read when the checkout page is reopened; unlimited like the group view.
      'GET /api/merchants/checkout/sessions/:token/mine',
    ],
    'session_no_consent',
  ),
  rules(
    [
      'POST /api/merchants/checkout/sessions/:token/participants/:participantId/replace',
      // Covering a share (docs/splits.md, "Covering a share"): the organiser takes over a friend's share. It
      // places a hold, so it counts in server_ops like replace.
      'POST /api/merchants/checkout/sessions/:token/participants/:participantId/cover',
      // Open seats (docs/splits.md, "Open seats"): the buyer fills a seat by e-mail. It places a hold and e-mails
      // an address the caller chose, so it counts in server_ops like replace.
      'POST /api/merchants/checkout/sessions/:token/seats/:seat_id/invite',
    ],
    'session_no_consent',
    serverOps,
  ),
  // Finance exports (docs/exports.md): under /api/merchants like the dashboard's other business routes, but
  // served by checkout, the service that reads the split tables' data; each streams a whole period, hence a bucket.
  rules(['GET /api/merchants/exports/orders.csv', 'GET /api/merchants/exports/refunds.csv'], 'session', {
    bucket: 'export',
  }),
  // Merchant accept (docs/splits.md, "Merchant accept"): a capture on the merchant's word, counted like the
  // server's cancel and refund (server_ops); the dashboard's accept below is unlimited like its cancel.
  rules('POST /api/merchants/checkout/splits/:id/accept', 'api_key', serverOps),
  // The server refund replays its key (body field or Idempotency-Key header): resent if checkout restarts under it.
  rules('POST /api/merchants/checkout/splits/:id/refund', 'api_key', { ...serverOps, replaysIdempotencyKey: true }),
  // The server's reads of its orders (docs/splits.md, "The server's reads"): an API key only, counted in
  // server_ops like the other server operations. The spec's session routes (/api/checkout-splits…) keep their 401.
  rules(['GET /api/merchants/checkout/splits', 'GET /api/merchants/checkout/splits/:id'], 'api_key', serverOps),
  // The dashboard's sample checkout (docs/dashboard.md, "Get started"): a signed-in Owner or Admin makes a
  // test session; it writes a row, so it counts in server_ops (per client IP). Before the API-key wildcard.
  rules('POST /api/merchants/checkout/test-sessions', 'session', serverOps),
  rules('* /api/merchants/checkout/**', 'api_key', serverOps),
  rules('POST /api/checkout-splits/pay/:token/authorise', 'none'),
  rules(
    [
      'POST /api/checkout-splits/:id/participants/:participantId/replace',
      // Ours (docs/dashboard.md, Insights): the one dashboard read that aggregates a whole period, so it counts in
      // server_ops (per client IP) like the other costly calls; the list and detail reads stay unlimited.
      'GET /api/checkout-splits/insights',
    ],
    'session_splits',
    serverOps,
  ),
  rules('POST /api/checkout-splits/:id/accept', 'session_splits'),
  // Ours (docs/dashboard.md, "The order's timeline"; docs/refunds.md): the order page's timeline merges several
  // logs per read, and the dashboard's partial refund moves money as the server's refund does: both count in
  // server_ops (per client IP), like the insights read and the server refund.
  rules('GET /api/checkout-splits/:id/timeline', 'session_splits', serverOps),
  rules('POST /api/checkout-splits/:id/partial-refund', 'session_splits', {
    ...serverOps,
    replaysIdempotencyKey: true,
  }),
  // Open seats: the group link's lookup is public (the token is the credential), per IP like the pay lookup; a
  // claim needs the joiner's buyer session and places a hold, so it counts in server_ops. Both before the wildcard.
  rules('GET /api/checkout-splits/join/:group_token', 'none', publicLookup),
  rules('POST /api/checkout-splits/join/:group_token/claim', 'session_no_consent', serverOps),
  // The dashboard's create with an Idempotency-Key (docs/splits.md, "Retrying a create").
  rules('POST /api/checkout-splits', 'session_splits', { replaysIdempotencyKey: true }),
  rules('* /api/checkout-splits/**', 'session_splits'),
].flat();
