import {
  type AppError,
  badRequest,
  type CheckoutSessionInsert,
  type CheckoutSessionMerchant,
  formatPounds,
  MESSAGES,
} from '@groupsplit/shared';

/*
 * The rules of a new hosted checkout session, in one place: the API key's create route
 * (POST /api/merchants/checkout/sessions) and the dashboard's sample session
 * (POST /api/merchants/checkout/test-sessions, docs/dashboard.md, "Get started") both check and
 * write a session through these.
 */

/** The loopback hosts a test-mode session may return to when its domain is `localhost` (URL hostnames). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The domain a session of `mode` returns to: live uses the spec's allowed_domain; test uses
 * test_allowed_domain when set, else allowed_domain (docs/hosted-checkout.md, "Local development"),
 * so test settings never change where live buyers may go.
 */
export function returnDomainFor(
  merchant: Pick<CheckoutSessionMerchant, 'allowed_domain' | 'test_allowed_domain'>,
  mode: 'test' | 'live',
): string | null {
  return mode === 'test' ? (merchant.test_allowed_domain ?? merchant.allowed_domain) : merchant.allowed_domain;
}

/** Which check a return or cancel URL failed (null: it passed); the hint says which (docs/errors.md, "Request id, docs link and hint"). */
export type ReturnUrlProblem = 'no_domain' | 'not_absolute' | 'not_https' | 'wrong_host';

/**
 * Spec rule 2: https, hostname equal to allowed_domain ignoring case; path, port and query unchecked.
 * Test mode adds local development (docs/hosted-checkout.md): with its domain `localhost`, http or
 * https on localhost, 127.0.0.1 or [::1], any port. Live mode is exactly the spec's rule.
 * Returns the first check that failed, or null.
 */
export function returnUrlProblem(
  raw: string,
  allowedDomain: string | null,
  mode: 'test' | 'live',
): ReturnUrlProblem | null {
  if (!allowedDomain) return 'no_domain';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'not_absolute';
  }
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  const allowed = allowedDomain.trim().replace(/\.$/, '').toLowerCase();
  if (mode === 'test' && allowed === 'localhost' && LOOPBACK_HOSTS.has(host)) {
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'not_https';
  }
  if (url.protocol !== 'https:') return 'not_https';
  return host === allowed ? null : 'wrong_host';
}

export function matchesAllowedDomain(raw: string, allowedDomain: string | null, mode: 'test' | 'live'): boolean {
  return returnUrlProblem(raw, allowedDomain, mode) === null;
}

/** Where the domain a mode uses is set, for the hint (live: allowed_domain; test: test_allowed_domain, else allowed_domain). */
function domainSetting(merchant: Pick<CheckoutSessionMerchant, 'test_allowed_domain'>, mode: 'test' | 'live') {
  return mode === 'test' && merchant.test_allowed_domain != null ? 'test_allowed_domain' : 'allowed_domain';
}

/** The hint of a refused return_url or cancel_url: the check that failed and the domain this mode allows. */
export function returnUrlHint(
  field: 'return_url' | 'cancel_url',
  problem: ReturnUrlProblem,
  merchant: Pick<CheckoutSessionMerchant, 'allowed_domain' | 'test_allowed_domain'>,
  mode: 'test' | 'live',
): string {
  const domain = returnDomainFor(merchant, mode);
  const setting = domainSetting(merchant, mode);
  const allowed = `${mode === 'test' ? 'Test' : 'Live'} mode allows ${domain} (${setting}, set with PATCH /api/merchants)`;
  const local = mode === 'test' && domain?.trim().toLowerCase() === 'localhost' ? ', and http on localhost' : '';
  switch (problem) {
    case 'no_domain':
      return `No return domain is set for ${mode} mode: set ${mode === 'test' ? 'test_allowed_domain (or allowed_domain)' : 'allowed_domain'} with PATCH /api/merchants.`;
    case 'not_absolute':
      return `${field} must be an absolute URL (https://${domain}/…). ${allowed}.`;
    case 'not_https':
      return `${field} must use https${local}. ${allowed}.`;
    case 'wrong_host':
      return `${field}'s host is not the allowed domain. ${allowed}.`;
  }
}

/** One line of a validated create body (pence). */
export type SessionLine = { description: string; amount: number; quantity?: number; image_url?: string | null };

/** A validated create body (the create route's CreateSessionSchema, amounts in pence). */
export type SessionBody = {
  amount: number;
  currency: string;
  order_reference: string;
  return_url: string;
  cancel_url?: string | null;
  customer_email?: string | null;
  customer_name?: string | null;
  metadata?: Record<string, string> | null;
  line_items?: SessionLine[] | null;
  capture?: 'automatic' | 'merchant_accept';
};

/** 400 when the lines do not add up to amount (no lines at all is fine). */
export function linesRefusal(lines: SessionLine[], amount: number): AppError | null {
  const linesTotal = lines.reduce((sum, line) => sum + line.amount, 0);
  if (lines.length === 0 || linesTotal === amount) return null;
  return badRequest(
    `line_items must add up to amount: they add up to £${formatPounds(linesTotal)}, amount is £${formatPounds(amount)}`,
    'line_items_mismatch',
  );
}

/**
 * The create checks against the merchant, in the spec's order, as the error to throw (or null).
 * `alsoReturnTo` is a return address allowed beyond the merchant's domains: only the dashboard's sample
 * session passes one (its own Orders page); every session a server creates meets the spec's rule alone.
 */
export function sessionRefusal(
  body: SessionBody,
  merchant: CheckoutSessionMerchant,
  mode: 'test' | 'live',
  alsoReturnTo?: string,
): AppError | null {
  const domain = returnDomainFor(merchant, mode);
  const problemOf = (url: string) => (url === alsoReturnTo ? null : returnUrlProblem(url, domain, mode));
  const returnProblem = problemOf(body.return_url);
  if (returnProblem) {
    return badRequest(MESSAGES.returnUrl, 'invalid_return_url').withHint(
      returnUrlHint('return_url', returnProblem, merchant, mode),
    );
  }
  const cancelProblem = body.cancel_url == null ? null : problemOf(body.cancel_url);
  if (cancelProblem) {
    return badRequest(MESSAGES.cancelUrl, 'invalid_cancel_url').withHint(
      returnUrlHint('cancel_url', cancelProblem, merchant, mode),
    );
  }
  const lines = linesRefusal(body.line_items ?? [], body.amount);
  if (lines) return lines;
  if (mode === 'live' && !merchant.processor_charges_enabled) {
    return badRequest(MESSAGES.finishOnboarding, 'processor_onboarding_required');
  }
  return null;
}

/** Who a session is made for: the business, the mode, and the API key that asked (null: the dashboard). */
export type SessionOwner = { merchantId: string; mode: 'test' | 'live'; apiKeyId: string | null };

/** The checkout_sessions row for a validated body; `images` are the lines' fetched pictures, by index. */
export function sessionRow(
  token: string,
  owner: SessionOwner,
  body: SessionBody,
  images: ({ id: string } | null)[],
  ttlMs: number,
): CheckoutSessionInsert {
  const lines = body.line_items ?? [];
  return {
    token,
    merchant_id: owner.merchantId,
    mode: owner.mode,
    api_key_id: owner.apiKeyId,
    amount: body.amount,
    currency: body.currency,
    order_reference: body.order_reference,
    return_url: body.return_url,
    cancel_url: body.cancel_url ?? null,
    customer_email: body.customer_email ?? null,
    customer_name: body.customer_name ?? null,
    metadata: body.metadata ? JSON.stringify(body.metadata) : null,
    line_items: JSON.stringify(
      lines.map((line, i) => ({
        description: line.description,
        amount: line.amount,
        quantity: line.quantity,
        image_id: images[i]?.id ?? null,
      })),
    ),
    expires_at: new Date(Date.now() + ttlMs),
    // The column's default is `automatic`: only the other choice is written.
    ...(body.capture === 'merchant_accept' ? { capture: body.capture } : {}),
  };
}
