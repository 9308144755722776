import { rulesOf } from './rule';
import type { RouteRule } from './types';

const rule = rulesOf('checkout');

/** Hosted checkout (API-key server routes, buyer routes and pages), splits and processor events. */
export const checkoutRoutes: RouteRule[] = [
  rule('* /api/processor/**', 'none'),
  rule('* /checkout/**', 'none'),
  rule('* /pay/**', 'none'),
  // The group link's page (docs/splits.md, "Open seats"), served like the checkout page.
  rule('* /join/**', 'none'),
  // Limits (docs/spec.md, Limits): session creation has its own per-key bucket; buyer lookups are public, per IP.
  rule('POST /api/merchants/checkout/sessions', 'api_key', { bucket: 'session_create', replaysIdempotencyKey: true }),
  rule('GET /api/merchants/checkout/sessions/:token', 'none', { bucket: 'public_lookup' }),
  rule('GET /api/checkout-splits/pay/:token', 'none', { bucket: 'public_lookup' }),
  // Hosted checkout: the buyer's split needs a signed-in buyer (no merchant terms to accept);
  // remind takes an API key or a dashboard session.
  rule('POST /api/merchants/checkout/sessions/:token/split', 'session_no_consent'),
  rule('POST /api/merchants/checkout/sessions/:token/remind', 'api_key_or_session', { bucket: 'server_ops' }),
  // Beyond the spec (docs/splits.md, "Replacing a participant"): the buyer's view of their split's
  // group, read while the page is open (a signed-in read, unlimited like the dashboard's), and the
  // buyer's replace. A replace places a hold and e-mails an address the caller chose, so both
  // replace routes (this one and the dashboard's below) count in server_ops, per client IP.
  rule('GET /api/merchants/checkout/sessions/:token/group', 'session_no_consent'),
  // Names and getting back to your share (docs/hosted-checkout.md): the signed-in person's own shares of
  // the session's split, read when the checkout page is reopened; unlimited like the group view.
  rule('GET /api/merchants/checkout/sessions/:token/mine', 'session_no_consent'),
  rule('POST /api/merchants/checkout/sessions/:token/participants/:participantId/replace', 'session_no_consent', {
    bucket: 'server_ops',
  }),
  // Covering a share (docs/splits.md, "Covering a share"): the organiser takes over a friend's share. It
  // places a hold, so it counts in server_ops like replace.
  rule('POST /api/merchants/checkout/sessions/:token/participants/:participantId/cover', 'session_no_consent', {
    bucket: 'server_ops',
  }),
  // Open seats (docs/splits.md, "Open seats"): the buyer fills a seat by e-mail. It places a hold and e-mails
  // an address the caller chose, so it counts in server_ops like replace.
  rule('POST /api/merchants/checkout/sessions/:token/seats/:seat_id/invite', 'session_no_consent', {
    bucket: 'server_ops',
  }),
  // Finance exports (docs/exports.md): under /api/merchants like the dashboard's other business routes, but
  // served by checkout, the service that reads the split tables' data; each streams a whole period, hence a bucket.
  rule('GET /api/merchants/exports/orders.csv', 'session', { bucket: 'export' }),
  rule('GET /api/merchants/exports/refunds.csv', 'session', { bucket: 'export' }),
  // Merchant accept (docs/splits.md, "Merchant accept"): a capture on the merchant's word, counted like the
  // server's cancel and refund (server_ops); the dashboard's accept below is unlimited like its cancel.
  rule('POST /api/merchants/checkout/splits/:id/accept', 'api_key', { bucket: 'server_ops' }),
  // The server refund replays its key (body field or Idempotency-Key header): resent if checkout restarts under it.
  rule('POST /api/merchants/checkout/splits/:id/refund', 'api_key', {
    bucket: 'server_ops',
    replaysIdempotencyKey: true,
  }),
  // The server's reads of its orders (docs/splits.md, "The server's reads"): an API key only, counted in
  // server_ops like the other server operations. The spec's session routes (/api/checkout-splits…) keep their 401.
  rule('GET /api/merchants/checkout/splits', 'api_key', { bucket: 'server_ops' }),
  rule('GET /api/merchants/checkout/splits/:id', 'api_key', { bucket: 'server_ops' }),
  // The dashboard's sample checkout (docs/dashboard.md, "Get started"): a signed-in Owner or Admin makes a
  // test session; it writes a row, so it counts in server_ops (per client IP). Before the API-key wildcard.
  rule('POST /api/merchants/checkout/test-sessions', 'session', { bucket: 'server_ops' }),
  rule('* /api/merchants/checkout/**', 'api_key', { bucket: 'server_ops' }),
  rule('POST /api/checkout-splits/pay/:token/authorise', 'none'),
  rule('POST /api/checkout-splits/:id/participants/:participantId/replace', 'session_splits', { bucket: 'server_ops' }),
  // Ours (docs/dashboard.md, Insights): the one dashboard read that aggregates a whole period, so it counts in
  // server_ops (per client IP) like the other costly calls; the list and detail reads stay unlimited.
  rule('GET /api/checkout-splits/insights', 'session_splits', { bucket: 'server_ops' }),
  rule('POST /api/checkout-splits/:id/accept', 'session_splits'),
  // Ours (docs/dashboard.md, "The order's timeline"; docs/refunds.md): the order page's timeline merges several
  // logs per read, and the dashboard's partial refund moves money as the server's refund does: both count in
  // server_ops (per client IP), like the insights read and the server refund.
  rule('GET /api/checkout-splits/:id/timeline', 'session_splits', { bucket: 'server_ops' }),
  rule('POST /api/checkout-splits/:id/partial-refund', 'session_splits', {
    bucket: 'server_ops',
    replaysIdempotencyKey: true,
  }),
  // Open seats: the group link's lookup is public (the token is the credential), per IP like the pay lookup; a
  // claim needs the joiner's buyer session and places a hold, so it counts in server_ops. Both before the wildcard.
  rule('GET /api/checkout-splits/join/:group_token', 'none', { bucket: 'public_lookup' }),
  rule('POST /api/checkout-splits/join/:group_token/claim', 'session_no_consent', { bucket: 'server_ops' }),
  // The dashboard's create with an Idempotency-Key (docs/splits.md, "Retrying a create").
  rule('POST /api/checkout-splits', 'session_splits', { replaysIdempotencyKey: true }),
  rule('* /api/checkout-splits/**', 'session_splits'),
];
