/**
 * The routes the gateway counts in no bucket, each with why (docs/rate-limits.md, "Every route and its
 * bucket"). Keys are `<METHOD> <path>` as the route table writes them (`:name` for a segment, `*` for
 * every method, `**` for the rest of a path). `route-buckets.test.ts` fails on any route of the table or
 * the OpenAPI document that has no bucket and is not here, on an entry here that names no route, and on
 * a route docs/rate-limits.md does not mention; so a route without a bucket is always a decision.
 */
const SPEC = "never limited: docs/spec.md's Limits names it among the routes without a limit or headers";
const SIGNED_IN = 'signed-in dashboard call: one person behind a session, like every dashboard read and change';
const BUYER = "the signed-in buyer's own call while the checkout page is open (it polls the group view)";

export const UNLIMITED_ROUTES: Readonly<Record<string, string>> = {
  // Public (no credential): each is limited elsewhere or costs nothing worth counting.
  'POST /api/checkout-splits/pay/:token/authorise':
    'limited by checkout itself, which alone sees declines ("Card testing"): per token, per address and per decline',
  'GET /api/email/unsubscribe': 'a signed link from an e-mail: an HMAC check, then at most one suppression row',
  'POST /api/email/unsubscribe': "a mail client's one-click unsubscribe (RFC 8058): the same signed link",
  '* /api/processor/**':
    "the processor's event hook: refused unless its signature verifies; the processor retries what we refuse",
  '* /checkout/**': 'the hosted checkout page and its assets: read-only HTML behind the session token',
  '* /pay/**':
    'the pay page, read-only behind the pay token (it polls itself every 3 s); its card form (POST) and the 3-D Secure ' +
    'return are limited by checkout ("Card testing", "The 3-D Secure return")',
  '* /join/**': "the group link's page: read-only HTML behind the group token",
  // Signed in: the spec's own unlimited routes, then the rest of the dashboard and the buyer's calls.
  'GET /api/merchants/me': SPEC,
  'POST /api/merchants/connect': SPEC,
  'PATCH /api/merchants': SPEC,
  'GET /api/merchants/webhooks/deliveries': SPEC,
  'POST /api/checkout-splits': SPEC,
  '* /api/auth/**': 'signed-in sign-in housekeeping (sign-out, sessions, consent)',
  'GET /api/auth/consent': SIGNED_IN,
  'POST /api/auth/consent': SIGNED_IN,
  'GET /api/auth/sessions': SIGNED_IN,
  'POST /api/auth/sessions/:id/revoke': SIGNED_IN,
  'POST /api/auth/sessions/revoke-all': SIGNED_IN,
  'POST /api/auth/sign-out': SIGNED_IN,
  '* /api/checkout-splits/**': 'signed-in split routes; the costly ones have rules of their own with a bucket',
  'GET /api/checkout-splits': SIGNED_IN,
  'GET /api/checkout-splits/:id': SIGNED_IN,
  'GET /api/checkout-splits/mine': SIGNED_IN,
  'POST /api/checkout-splits/:id/accept': SIGNED_IN,
  'POST /api/checkout-splits/:id/cancel': SIGNED_IN,
  'POST /api/checkout-splits/:id/refund': SIGNED_IN,
  '* /api/merchants/**': 'signed-in merchant routes; the costly ones have rules of their own with a bucket',
  'GET /api/merchants/api-keys': SIGNED_IN,
  'POST /api/merchants/api-keys/:id/revoke': SIGNED_IN,
  'GET /api/merchants/billing': SIGNED_IN,
  'POST /api/merchants/billing/bills/:id/pay': SIGNED_IN,
  'PUT /api/merchants/billing/card': SIGNED_IN,
  'POST /api/merchants/billing/card-setup/:id/complete':
    'signed in; completing a card set-up only reads the processor and saves at most one card',
  'POST /api/merchants/connect/refresh': SIGNED_IN,
  'GET /api/merchants/credentials': SIGNED_IN,
  'POST /api/merchants/register': SIGNED_IN,
  'GET /api/merchants/team': SIGNED_IN,
  'PATCH /api/merchants/team/members/:id': SIGNED_IN,
  'DELETE /api/merchants/team/members/:id': SIGNED_IN,
  'POST /api/merchants/team/transfer-ownership': SIGNED_IN,
  'GET /api/merchants/webhooks/deliveries/:id': SIGNED_IN,
  'GET /api/merchants/workspaces': SIGNED_IN,
  'POST /api/merchants/checkout/sessions/:token/split': `${BUYER}; creating the split once`,
  'GET /api/merchants/checkout/sessions/:token/group': BUYER,
  'GET /api/merchants/checkout/sessions/:token/mine': BUYER,
};
