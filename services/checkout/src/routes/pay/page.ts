import { randomBytes } from 'node:crypto';
import { html, type SafeHtml } from '@groupsplit/shared';
import type { presentShare } from './share';

type ShareView = ReturnType<typeof presentShare>;

/** Magic test cards the pay page offers in test mode (the processor's test payment methods). */
export const TEST_CARDS = [
  { id: 'pm_card_visa', label: 'Visa, succeeds' },
  { id: 'pm_card_mastercard', label: 'Mastercard, succeeds' },
  { id: 'pm_card_chargeDeclined', label: 'Declined card' },
] as const;

export const HOLD_EXPLANATION =
  'Nothing is taken until everyone has paid; the hold lapses by itself if the group does not finish.';

export function newNonce() {
  return randomBytes(16).toString('base64');
}

/** Strict CSP: nothing but our own nonce'd style (and, live, Stripe.js and its frames). */
export function payPageCsp(nonce: string, live: boolean) {
  const directives = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "img-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ];
  if (live) {
    directives.push(
      `script-src 'nonce-${nonce}' https://js.stripe.com`,
      'frame-src https://js.stripe.com https://hooks.stripe.com',
      "connect-src 'self' https://api.stripe.com",
    );
  }
  return directives.join('; ');
}

const STYLE = `body{font-family:-apple-system,Segoe UI,Roboto,sans-serif;color:#1a1a1a;max-width:480px;margin:0 auto;padding:24px}
.amount{font-size:28px;font-weight:600}.muted{color:#555;font-size:14px}.error{color:#a40000}
label{display:block;margin:8px 0}button{font-size:16px;padding:10px 18px;margin-top:12px}#card{padding:12px;border:1px solid #ccc;border-radius:6px}`;

function page(nonce: string, title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style nonce="${nonce}">${STYLE}</style></head>
<body>${body}</body></html>`.value;
}

function statusMessage(view: ShareView): string | null {
  if (view.split_status === 'captured') return 'Everyone has paid and the order has gone through.';
  if (
    view.split_status === 'canceled' ||
    view.split_status === 'creation_failed' ||
    view.split_status === 'capture_failed'
  ) {
    return 'This split was cancelled. Nothing was taken from your card.';
  }
  if (view.split_status !== 'pending') return 'This split is being finished; nothing more is needed from you.';
  if (view.status === 'authorised') return 'Your share is held. We are waiting for the others to pay.';
  return null;
}

function testForm(view: ShareView, token: string) {
  return html`<form method="post" action="/pay/${encodeURIComponent(token)}">
<p class="muted">Test mode: choose a test card.</p>
${TEST_CARDS.map(
  (card, i) =>
    html`<label><input type="radio" name="payment_method" value="${card.id}"${i === 0 ? html` checked` : ''}> ${card.label}</label>`,
)}
<button type="submit">Hold £${view.card_charge}</button>
</form>`;
}

function liveForm(view: ShareView, token: string, nonce: string) {
  return html`<form id="pay-form" data-token="${token}" data-key="${view.publishable_key}" data-account="${view.stripe_account}">
<div id="card"></div><p id="pay-error" class="error" role="alert"></p>
<button type="submit">Hold £${view.card_charge}</button>
</form>
<script src="https://js.stripe.com/v3/" nonce="${nonce}"></script>
<script nonce="${nonce}">
(function () {
  var form = document.getElementById('pay-form');
  var stripe = Stripe(form.dataset.key, { stripeAccount: form.dataset.account });
  var card = stripe.elements().create('card');
  card.mount('#card');
  var show = function (text) { document.getElementById('pay-error').textContent = text; };
  form.addEventListener('submit', async function (event) {
    event.preventDefault();
    show('');
    var created = await stripe.createPaymentMethod({ type: 'card', card: card });
    if (created.error) return show(created.error.message);
    var res = await fetch('/api/checkout-splits/pay/' + encodeURIComponent(form.dataset.token) + '/authorise', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payment_method: created.paymentMethod.id })
    });
    if (res.ok) return window.location.reload();
    var body = await res.json().catch(function () { return {}; });
    show(body.error || 'Your card could not be authorised.');
  });
})();
</script>`;
}

/** The participant's pay page; every interpolated value is escaped by html``. */
export function renderPayPage(
  view: ShareView,
  token: string,
  nonce: string,
  options: { error?: string; live: boolean },
) {
  const message = statusMessage(view);
  const form = message === null ? (options.live ? liveForm(view, token, nonce) : testForm(view, token)) : '';
  return page(
    nonce,
    `Pay your share of ${view.order_reference}`,
    html`<h1>${view.business_name}</h1>
<p>Your share of <strong>${view.order_reference}</strong></p>
<p class="amount">£${view.card_charge}</p>
<p class="muted">£${view.amount} share${view.application_fee !== '0.00' ? html` + £${view.application_fee} service fee` : ''}</p>
<p>${HOLD_EXPLANATION} Holds last until ${new Date(view.authorization_expires_at).toUTCString()}.</p>
${options.error ? html`<p class="error" role="alert">${options.error}</p>` : ''}
${message ? html`<p><strong>${message}</strong></p>` : ''}
${form}`,
  );
}

export function renderNotFoundPage(nonce: string) {
  return page(nonce, 'Pay link not found', html`<h1>Pay link not found</h1><p>This pay link is not valid.</p>`);
}
