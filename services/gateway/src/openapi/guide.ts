import { BUCKETS } from '../rate-limit/buckets';
import type { BucketName } from '../routes/types';
import { ACCESS_TOKEN_PLACEHOLDER, TEST_API_KEY_PLACEHOLDER } from './code-samples';

/**
 * The reference's guide sections (/docs sidebar, "Guide"): tags without operations (`x-traitTag`)
 * whose descriptions are markdown. What can be derived is derived: the rate-limit table from the
 * gateway's buckets, the error-code table from the operations' own error responses, so neither can
 * fall behind. The rest restates docs/spec.md and the guides in docs/ for an integrator.
 */

export type ChangelogEntry = { version: string; date: string; changes: string[] };

/** The reference's history, newest first; `info.version` is the first entry's. */
export const CHANGELOG: ChangelogEntry[] = [
  {
    version: '1.4.0',
    date: '2026-12-06',
    changes: [
      '`GET /api/merchants/checkout/splits` and `GET /api/merchants/checkout/splits/{id}` (API key): your server ' +
        "lists and fetches its orders in the key's mode, as the dashboard shows them.",
      'List items gain `merchant_fee` and `net_amount`, the split detail `net_amount`: what reaches you after our fee.',
      'Every `/api` answer carries `Groupsplit-Version`, the version of this document.',
      "Error bodies gain `request_id`, `doc_url` and, where there is something to do, `hint` (the spec's exact " +
        '`{ error }` answers keep that shape and the `X-Request-Id` header).',
      "`POST /api/checkout-splits` takes an `Idempotency-Key` header: a retry joins the first call's split (200).",
      "`POST /api/checkout-splits/{id}/partial-refund` (dashboard): part of an order, by the server refund's rules; " +
        '`GET /api/checkout-splits/{id}/timeline`: what happened to an order, newest first.',
      '`POST /api/merchants/checkout/test-sessions` (dashboard, test mode): a £20 sample checkout.',
      'The pay step names only the declines a payer can act on (`expired_card`, `incorrect_cvc`, ' +
        '`insufficient_funds`); every other decline is `card_declined` with a generic message.',
      'Split detail participants gain `card` once held (`{ brand, last4, wallet, label }`, e.g. ' +
        '`Apple Pay (Visa ••••4242)`); `orders.csv` gains a last column `card`; `GET /api/merchants/me` gains ' +
        '`apple_pay`: Apple Pay on the pay domain for the mode asked, or null.',
    ],
  },
  {
    version: '1.3.0',
    date: '2026-11-27',
    changes: [
      "`GET /api/checkout-splits/insights`: how group checkout did over a period, per mode (the dashboard's " +
        'Insights): groups finished, time to fully paid, drop-off by step, reminders, average group and share.',
    ],
  },
  {
    version: '1.2.0',
    date: '2026-11-27',
    changes: [
      'Every request and response field has a description, format, limits and an example; every operation has ' +
        'an example and code samples (curl and `@groupsplit/client`).',
      'Guide sections: Authentication, Errors, Idempotency, Rate limits, Webhooks, Testing and this Changelog.',
      'Path parameters state their pattern: a split id is a UUID; a pay token is never `pay`.',
      'Checked with Redocly `recommended-strict`.',
    ],
  },
  {
    version: '1.1.0',
    date: '2026-11-26',
    changes: [
      'An unknown body field or query parameter answers 400 `validation_failed`, naming the closest field ' +
        '("Unknown field retrun_url. Did you mean return_url?").',
      'A missing required field says it is required; a money value with more than two decimals says so.',
      'Every 401, 403 and 404 carries a stable `code` beside the unchanged `error` text.',
      'Test mode accepts `http://localhost`, `http://127.0.0.1` and `http://[::1]` return and cancel URLs when ' +
        'the allowed domain is `localhost`.',
      'Session create also returns `status`, `expires_at`, `amount` and `currency`.',
    ],
  },
  {
    version: '1.0.0',
    date: '2026-11-21',
    changes: ['The first published reference: hosted checkout, splits, refunds, webhooks, team and billing.'],
  },
];

const AUTHENTICATION = `Three kinds of caller (docs/spec.md, Authentication). Each operation names the one it accepts.

| Credential | Header | For |
| --- | --- | --- |
| API key | \`x-merchant-api-key: ${TEST_API_KEY_PLACEHOLDER}\` | Your server's hosted-checkout calls only: create a session, session status, list and fetch your orders, refund, cancel, accept, remind. Never put it in a web page |
| Session | \`Authorization: Bearer ${ACCESS_TOKEN_PLACEHOLDER}\` | A signed-in person: everything else under \`/api/merchants\` and \`/api/checkout-splits\` |
| None | – | The buyer's and participants' links: the token in the path is the credential; treat it as a secret |

### API keys
- Test keys begin \`svc_test_\`, live keys \`svc_prod_\`. Older live keys (\`svc_sk_…\`, \`svc_sk_live_…\`,
  \`svc_sk_test_…\`) keep working in their mode.
- A key is shown once, when it is created (\`POST /api/merchants/api-keys\`); only a hash is stored. Lose it:
  revoke it and create another. A business can hold several.
- A missing, unknown or revoked key answers 401 \`Invalid API Key\` (code \`invalid_api_key\`). A key on a
  session route answers 401 \`Missing or invalid Authorization header\`.

### Sessions
- Sign in by e-mail code (\`POST /api/auth/email/start\`, then \`/verify\`): the answer's \`access_token\` is
  the bearer token, valid for 12 hours.
- Session calls need the current terms and privacy policy accepted (\`POST /api/auth/consent\`), else 403
  \`consent_required\`.
- A login in several businesses sends \`x-service-merchant-id\`, else 409 \`business_selection_required\`.
- Roles (Owner, Admin, Finance, Member) decide what a person may do; a refusal is 403 \`business_forbidden\`.

### Modes
Test and live never mix: separate keys, webhook URLs, webhook secrets and orders. A test key makes test
orders and needs no processor connection. Signed-in calls choose with \`X-Service-Mode: test\` (absent or
\`live\` means live); the client's \`mode: 'test'\` option sends it.`;

const IDEMPOTENCY = `A retried call must not create a second order or refund twice.

| Operation | How | Remembered |
| --- | --- | --- |
| \`POST /api/merchants/checkout/sessions\` | \`Idempotency-Key\` header, 1 to 255 characters | 24 hours, per business and mode |
| \`POST /api/merchants/checkout/splits/{id}/refund\` | \`idempotency_key\` body field, up to 255 characters | for the split's life |
| \`POST /api/checkout-splits\` (dashboard) | \`Idempotency-Key\` header, 1 to 255 characters | 24 hours, per business and mode |

- The same key with the same body answers as the first call did (a session replay is 200 with the session as
  it is now). "The same body" is the same JSON after sorting object keys.
- The same key with a different body is 409 \`idempotency_key_reused\`.
- Two identical calls at once make one session: the second waits and replays the first.
- A refund retried while the first is still running joins it; 409 \`refund_in_progress\` means read the
  status and try again.
- Use a key made from your own ids (\`order-1001\`), never a random one per attempt.
- \`POST /api/checkout-splits\` without a key is not safe to retry: a repeat places a second hold on every card.
  With a key, a retry while the first call is still placing holds waits for it and answers 200 with the same
  split; a create the processor refused (400) lets its key go, so the same call can be sent again.`;

const LIMIT_WHERE: Record<BucketName, string> = {
  session_create: '`POST /api/merchants/checkout/sessions`',
  server_ops: 'Session status, server refund, server cancel, remind, replacing a participant, card set-up, insights',
  public_lookup: '`GET /api/checkout-splits/pay/{token}`, `GET /api/merchants/checkout/sessions/{token}`',
  sensitive:
    'Webhook secret rotation, API key creation, webhook test, delivery resend, every team invite route, the public forms (one counter for all)',
  sign_in: 'Sign-in code requests and checks',
  session_refresh: "The dashboard's session refresh (`POST /api/auth/session/refresh`)",
  export: 'The finance exports (`GET /api/merchants/exports/orders.csv`, `…/refunds.csv`)',
};

function rateLimits() {
  const rows = (Object.entries(BUCKETS) as [BucketName, (typeof BUCKETS)[BucketName]][]).map(([name, policy]) => {
    const window = policy.durationSeconds === 60 ? 'minute' : `${policy.durationSeconds / 60} minutes`;
    const key = policy.keyedBy === 'api_key' ? 'API key (IP address when signed in)' : 'IP address';
    return `| \`${name}\` | ${policy.points} per ${window} | ${key} | ${LIMIT_WHERE[name]} | ${policy.message} |`;
  });
  return `Only the operations below are limited; each says so, and only they send \`RateLimit-*\` headers.

| Bucket | Limit | Counted per | Operations | 429 \`error\` |
| --- | --- | --- | --- | --- |
${rows.join('\n')}

- Every answer of a limited operation carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and
  \`RateLimit-Reset\` (seconds until the window resets).
- Over the limit: 429 with code \`rate_limited\` and \`Retry-After\` (seconds). Wait that long; do not retry at once.
- Reminders have their own caps: once per participant per 12 hours, three remind calls per session (429
  \`session_cap_reached\`).`;
}

/** One row per code: the statuses it comes with and the messages sent with it. */
export type CodeUse = { code: string; statuses: Set<string>; messages: Set<string> };

function errors(codes: CodeUse[]) {
  const rows = codes
    .sort((a, b) => a.code.localeCompare(b.code))
    .map(
      (use) =>
        `| \`${use.code}\` | ${[...use.statuses].sort().join(', ')} | ${[...use.messages]
          .slice(0, 3)
          .map((m) => m.replace(/\|/g, '\\|'))
          .join('; ')}${use.messages.size > 3 ? '; …' : ''} |`,
    );
  return `Every error is one JSON shape:

\`\`\`json
{ "error": "Validation failed", "code": "validation_failed",
  "details": [{ "field": "retrun_url", "message": "Unknown field retrun_url. Did you mean return_url?" }] }
\`\`\`

| Field | Meaning |
| --- | --- |
| \`error\` | For people; the specification's wording where it gives one. Never branch on it |
| \`code\` | For programs: stable, \`snake_case\`. Branch on it where present, else on the status |
| \`details\` | On a 400 about the input: \`[{ field, message }]\`, one entry per field, each message naming its field |
| \`request_id\` | This request's id, the same as the \`X-Request-Id\` header every answer carries; quote it when asking for help |
| \`doc_url\` | This error's entry in the errors guide, \`/docs/errors#<code>\` (\`#http-<status>\` without a code) |
| \`hint\` | Where there is something to do, what to change (a key sent as a bearer token, a misspelt field, the return domain of the mode, the mode assumed). For people; never branch on it |

\`request_id\`, \`doc_url\` and \`hint\` are absent only from the answers documented as exactly \`{ error }\`:
\`POST /api/checkout-splits\`'s body checks (they keep the \`X-Request-Id\` header). A keyed call whose
\`X-Service-Mode\` names the other mode runs in the key's mode and says so in an \`X-Service-Mode-Warning\` header.

Some errors add context beside these: \`status\` on \`not_pending\`, \`refund\` on \`partial_failure\`,
\`business_name\` on \`company_already_registered\`.

### Input
- **Unknown fields.** A body field or query parameter the operation does not declare is 400
  \`validation_failed\` with the closest declared name: "Unknown field retrun_url. Did you mean return_url?"
  (query: "Unknown query parameter limt. Did you mean limit?"). An operation that lists no query parameter
  accepts none. Webhook payloads are not checked this way.
- **Missing** fields say they are required (\`return_url is required\`); money with more than two decimals
  says so (\`amount must have at most two decimal places\`).
- **Any operation** may also answer 400 \`validation_failed\` (text with a NUL character, an undeclared query
  parameter), 400 \`invalid_json\` (a body that is not JSON), 404 \`not_found\` (a malformed path), 413
  \`payload_too_large\`, 500 \`Something went wrong!\`, 503 \`service_unavailable\` (a service restarting,
  or its database connection lost before anything was saved: nothing happened, send the same request again,
  after \`Retry-After\` seconds when it is given) and 502 \`bad_gateway\` (the request may have taken effect:
  read it back, or send it again with the same \`Idempotency-Key\` where the operation takes one).
- Every 401, 403 and 404 has a code.

### Every code
Each operation lists the codes it answers with (its error responses; the client's
\`ErrorCodeOf<'operationId'>\`). All of them:

| \`code\` | Status | \`error\` (examples) |
| --- | --- | --- |
${rows.join('\n')}

On the pay step a declined card answers \`card_declined\` with a generic reason, or one of the codes a payer can act on
(\`expired_card\`, \`incorrect_cvc\`, \`insufficient_funds\`); the processor's own code is kept in the split's history.`;
}

const WEBHOOKS = `Your \`webhook_url\` (one per mode, \`PATCH /api/merchants\`) receives a POST for each event. Each
event's body is described below (the EVENT entries of this section), after the operations that manage webhooks.

| Event | When |
| --- | --- |
| \`checkout_split.participant_authorised\` | A participant authorised their share (a hold was placed) |
| \`checkout_split.authorised\` | Every share is authorised on a \`capture: 'merchant_accept'\` order: accept or decline it |
| \`checkout_split.paid\` | Every share was captured: fulfil the order |
| \`checkout_split.canceled\` | The split was cancelled (also by you) or its holds expired |
| \`checkout_split.refunded\` | Any refund, however made |
| \`checkout_session.expired\` | A session reached its 2 hours without a split |

No event is sent for a chargeback or for a split that failed (\`creation_failed\`, \`capture_failed\`).

### Signing
\`X-Service-Signature: t=<unix seconds>,v1=<hex>\`: \`v1\` is HMAC-SHA256 of \`<t>.<raw body>\`, keyed on the
webhook secret of the event's mode (\`POST /api/merchants/credentials/rotate\` creates it). Verify on the raw
body, compare in constant time, and refuse a \`t\` more than 5 minutes from your clock.
\`verifyWebhook\` of \`@groupsplit/client/node\` does all three.

### Delivery and retries
- Answer any 2xx within 10 seconds. Anything else, or no answer, is retried: waits of 1 min, 5 min, 54 min,
  2 h, 4 h, 8 h, 16 h and 16 h, nine attempts over about 47 hours; then the business owner is e-mailed.
- \`X-Service-Event-Id\` is the same on every attempt and resend: dedupe on it. \`X-Service-Attempt\` counts.
- A resend (\`POST /api/merchants/webhooks/deliveries/{id}/resend\`) has a fresh timestamp and signature and
  the same data. The delivery log (\`GET /api/merchants/webhooks/deliveries\`) shows every attempt.
- \`POST /api/merchants/webhooks/test\` sends a signed \`checkout_split.paid\` with \`sample: true\`.`;

const TESTING = `Test mode needs no processor connection: create a test key (\`X-Service-Mode: test\`) and use it.

### Test cards
In test mode the hosted pay page offers some of these cards, and \`POST /api/checkout-splits/pay/{token}/authorise\`
takes any of their ids as \`payment_method\`. They are the processor's (Stripe's) own test ids, numbers and
outcomes, so a shop that tests here meets the same cards live testing would.

| Payment method | Card | What happens |
| --- | --- | --- |
| \`pm_card_visa\` | 4242 4242 4242 4242 | Held |
| \`pm_card_visa_debit\` | 4000 0566 5566 5556 | Held (debit) |
| \`pm_card_mastercard\` | 5555 5555 5555 4444 | Held |
| \`pm_card_amex\` | 3714 496353 98431 | Held |
| \`pm_card_gb\` | 4000 0082 6000 0000 | Held (a UK card) |

### Declined cards
A declined card leaves the share pending: the participant can try another card.

| Payment method | Card | What happens |
| --- | --- | --- |
| \`pm_card_chargeDeclined\` | 4000 0000 0000 0002 | Declined: \`card_declined\` / \`generic_decline\`, "Your card was declined." |
| \`pm_card_visa_chargeDeclined\` | 4000 0000 0000 0002 | Declined: \`card_declined\` / \`generic_decline\`, "Your card was declined." |
| \`pm_card_chargeDeclinedInsufficientFunds\` | 4000 0000 0000 9995 | Declined: \`card_declined\` / \`insufficient_funds\`, "Your card has insufficient funds." |
| \`pm_card_visa_chargeDeclinedInsufficientFunds\` | 4000 0000 0000 9995 | Declined: \`card_declined\` / \`insufficient_funds\`, "Your card has insufficient funds." |
| \`pm_card_chargeDeclinedLostCard\` | 4000 0000 0000 9987 | Declined: \`card_declined\` / \`lost_card\`, "Your card was declined." |
| \`pm_card_visa_chargeDeclinedLostCard\` | 4000 0000 0000 9987 | Declined: \`card_declined\` / \`lost_card\`, "Your card was declined." |
| \`pm_card_chargeDeclinedStolenCard\` | 4000 0000 0000 9979 | Declined: \`card_declined\` / \`stolen_card\`, "Your card was declined." |
| \`pm_card_visa_chargeDeclinedStolenCard\` | 4000 0000 0000 9979 | Declined: \`card_declined\` / \`stolen_card\`, "Your card was declined." |
| \`pm_card_chargeDeclinedExpiredCard\` | 4000 0000 0000 0069 | Declined: \`expired_card\`, "Your card has expired." |
| \`pm_card_chargeDeclinedIncorrectCvc\` | 4000 0000 0000 0127 | Declined: \`incorrect_cvc\`, "Your card's security code is incorrect." |
| \`pm_card_chargeDeclinedProcessingError\` | 4000 0000 0000 0119 | Declined: \`processing_error\`, "An error occurred while processing your card. Try again in a little while." |
| \`pm_card_chargeDeclinedFraudulent\` | 4100 0000 0000 0019 | Blocked as fraudulent: \`card_declined\` / \`fraudulent\`, "Your card was declined." |
| \`pm_card_radarBlock\` | 4100 0000 0000 0019 | Blocked as fraudulent: \`card_declined\` / \`fraudulent\`, "Your card was declined." |
| \`pm_card_chargeCustomerFail\` | 4000 0000 0000 0341 | Saved to a customer, then declined when charged: \`card_declined\` / \`generic_decline\` |

### 3-D Secure
| Payment method | Card | What happens |
| --- | --- | --- |
| \`pm_card_authenticationRequiredOnSetup\` | 4000 0025 0000 3155 | Asks on every on-session payment, then held |
| \`pm_card_authenticationRequired\` | 4000 0027 6000 3184 | Always asks, then held |
| \`pm_card_authenticationRequiredChargeDeclinedInsufficientFunds\` | 4000 0082 6000 3178 | Asks, then declined: \`card_declined\` / \`insufficient_funds\` |
| \`pm_card_threeDSecure2Required\` | 4000 0000 0000 3220 | Always asks, then held |
| \`pm_card_threeDSecureRequiredChargeDeclined\` | 4000 0084 0000 1629 | Asks, then declined: \`card_declined\` / \`generic_decline\` |
| \`pm_card_threeDSecureRequiredProcessingError\` | 4000 0084 0000 1280 | The 3-D Secure lookup fails: declined with \`processing_error\`, no challenge |
| \`pm_card_threeDSecureOptional\` | 4000 0000 0000 3055 | Supported, not required: held at once; asks when the payment requests 3-D Secure |
| \`pm_card_threeDSecureOptionalProcessingError\` | 4000 0000 0000 3097 | Supported, not required: held at once; when the payment requests 3-D Secure the lookup fails: declined with \`processing_error\` |
| \`pm_card_amex_threeDSecureNotSupported\` | 3782 822463 10005 | Not supported (\`three_d_secure_usage.supported: false\`): held at once |

### Wallets (Apple Pay, Google Pay)
Test wallet cards: a card with \`card.wallet.type\` \`apple_pay\` or \`google_pay\` and \`dynamic_last4\`.

| Payment method | Card | What happens |
| --- | --- | --- |
| \`pm_card_applePay_visa\` | — | Apple Pay, Visa ••••4242: held |
| \`pm_card_googlePay_mastercard\` | — | Google Pay, Mastercard ••••4444: held |
| \`pm_card_applePay_threeDSecureRequired\` | — | Apple Pay, Visa ••••3220: asks (3-D Secure), then held |
| \`pm_card_googlePay_chargeDeclined\` | — | Google Pay, Visa ••••0002: declined, \`card_declined\` / \`generic_decline\` |

The test challenge page has **Complete authentication** (the hold is placed) and **Fail authentication**
(the share stays pending; the participant can try another card).

### Locally
- With \`test_allowed_domain\` \`localhost\` (set it, never \`allowed_domain\`: that one is live's too), test mode takes \`http://localhost\`, \`http://127.0.0.1\` and
  \`http://[::1]\` return and cancel URLs on any port, and an \`http://127.0.0.1\` webhook URL.
- \`POST /api/merchants/webhooks/test\` sends a signed sample event to your test webhook URL.
- Every amount is in pounds as a two-place string (\`"44.95"\`), never pence: \`4495\` would be £4,495.00; each participant pays a 20p fee on top of
  their share, so a £44.95 order split two ways charges £22.70 and £22.65.`;

function changelog() {
  return CHANGELOG.map(
    (entry) => `### ${entry.version} (${entry.date})\n${entry.changes.map((change) => `- ${change}`).join('\n')}`,
  ).join('\n\n');
}

/** The guide's sections, in sidebar order, as tags without operations. */
export function guideTags(codes: CodeUse[]) {
  return [
    { name: 'Authentication', description: AUTHENTICATION },
    { name: 'Errors', description: errors(codes) },
    { name: 'Idempotency', description: IDEMPOTENCY },
    { name: 'Rate limits', description: rateLimits() },
    { name: 'Testing', description: TESTING },
    { name: 'Changelog', description: changelog() },
  ].map((tag) => ({ ...tag, 'x-traitTag': true }));
}

/** The Webhooks tag's description: the operations that manage them follow it in the sidebar. */
export const WEBHOOKS_GUIDE = WEBHOOKS;
