import { randomBytes } from 'node:crypto';
import { type Config, html, type SafeHtml } from '@groupsplit/shared';
import {
  ASSET_PATH,
  countdown,
  deadline,
  groupProgress,
  money,
  orderSummary,
  pageLayout,
} from '../../pages/shared/components';
import { payBy, payPageHoldLapse } from '../../pages/shared/hold-lapse';
import { ALL_HELD, NOTHING_TAKEN } from '../../pages/shared/wording';
import type { PayView } from './schema';

/** Magic test cards the pay page offers in test mode (the processor's test payment methods). */
export const TEST_CARDS = [
  { id: 'pm_card_visa', label: 'Visa, succeeds' },
  { id: 'pm_card_mastercard', label: 'Mastercard, succeeds' },
  { id: 'pm_card_chargeDeclined', label: 'Declined card' },
  { id: 'pm_card_threeDSecure2Required', label: 'Visa, asks your bank to confirm (3-D Secure)' },
  // Wallet cards, as an Apple Pay or Google Pay sheet would give them (the buttons come with the Stripe.js stand-in).
  { id: 'pm_card_applePay_visa', label: 'Apple Pay (Visa), succeeds' },
  { id: 'pm_card_googlePay_mastercard', label: 'Google Pay (Mastercard), succeeds' },
] as const;

/**
 * Where a test-mode pay form may be sent on to: the processor's 3-D Secure page (the emulator's
 * origin, or Stripe's hooks host). Browsers hold redirects after a form post to form-action.
 */
export function challengeOrigin(config: Pick<Config, 'STRIPE_API_BASE_URL'>) {
  return config.STRIPE_API_BASE_URL ? new URL(config.STRIPE_API_BASE_URL).origin : 'https://hooks.stripe.com';
}

export const HOLD_EXPLANATION = `${NOTHING_TAKEN} If the group does not finish in time, the hold lapses by itself and nothing is taken.`;

export function newNonce() {
  return randomBytes(16).toString('base64');
}

/**
 * Strict CSP, as the checkout page's: scripts, styles and fetches only from our own origin, no
 * inline script or style. Live mode adds Stripe.js (by host, and its tag by nonce) and its frames.
 */
export function payPageCsp(nonce: string, live: boolean, challenge: string) {
  const directives = [
    "default-src 'none'",
    live ? `script-src 'nonce-${nonce}' 'self' https://js.stripe.com` : "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    live ? "connect-src 'self' https://api.stripe.com" : "connect-src 'self'",
    `form-action 'self' ${challenge}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ];
  if (live) directives.push('frame-src https://js.stripe.com https://hooks.stripe.com');
  return directives.join('; ');
}

/**
 * Where this participant and their split are: each state is drawn differently, and pay.js swaps
 * the section in when a poll finds the state changed. Terminal states end the polling.
 */
export type PayState =
  | 'pay'
  | 'held'
  /** Everyone has paid and the shop is deciding (a `capture: 'merchant_accept'` session's split). */
  | 'awaiting_merchant'
  | 'capturing'
  | 'captured'
  | 'refunded'
  | 'canceling'
  | 'canceled'
  | 'expired'
  | 'capture_failed';

const TERMINAL: ReadonlySet<PayState> = new Set(['captured', 'refunded', 'canceled', 'expired', 'capture_failed']);

export function payState(view: Pick<PayView, 'status' | 'split_status' | 'cancel_reason'>): PayState {
  switch (view.split_status) {
    case 'pending':
      return view.status === 'pending' ? 'pay' : 'held';
    case 'capturing':
      return 'capturing';
    case 'captured':
    case 'partially_refunded':
      return 'captured';
    case 'refunded':
      return 'refunded';
    case 'canceling':
      return 'canceling';
    case 'canceled':
      return view.cancel_reason === 'expired' ? 'expired' : 'canceled';
    case 'creation_failed':
      return 'canceled';
    case 'capture_failed':
      return 'capture_failed';
  }
}

function testForm(view: PayView, token: string) {
  return html`<form method="post" action="/pay/${encodeURIComponent(token)}">
<fieldset class="test-cards">
<legend>Test mode: choose a test card</legend>
${TEST_CARDS.map(
  (card, i) =>
    html`<label class="choice"><input type="radio" name="payment_method" value="${card.id}"${i === 0 ? html` checked` : ''}> ${card.label}</label>`,
)}
</fieldset>
<button type="submit">Hold ${money(view.card_charge)}</button>
</form>`;
}

function liveForm(view: PayView, token: string, nonce: string) {
  return html`<form id="pay-form" data-token="${token}" data-key="${view.publishable_key}" data-account="${view.stripe_account}" data-secret="${view.client_secret ?? ''}">
<label for="card">Card details</label>
<div id="card"></div><p id="pay-error" class="error" role="alert"></p>
<button type="submit">Hold ${money(view.card_charge)}</button>
</form>
<script src="https://js.stripe.com/v3/" nonce="${nonce}"></script>`;
}

function share(view: PayView): SafeHtml {
  const fee = view.application_fee !== '0.00';
  return html`<p class="amount">${money(view.card_charge)}</p>
<p class="breakdown">${money(view.amount)} share${fee ? html` + ${money(view.application_fee)} service fee` : ''}</p>`;
}

function holdExplanation(view: PayView): SafeHtml {
  return html`<div class="explain">
  <h3>What is a hold?</h3>
  <p>Your bank sets ${money(view.card_charge)} aside on your card. ${HOLD_EXPLANATION}</p>
</div>`;
}

/** The section that changes with the state: the share and how to pay it, or how things ended. */
function stateSection(view: PayView, state: PayState, token: string, nonce: string, options: PageOptions): SafeHtml {
  const expires = payBy(view);
  const section = (heading: string, body: SafeHtml) =>
    html`<section class="panel" id="pay-status" data-state="${state}" aria-labelledby="pay-status-heading">
<h2 id="pay-status-heading">${heading}</h2>
${payPageHoldLapse(view, state)}${body}
</section>`;
  switch (state) {
    case 'pay':
      return section(
        'Your share',
        html`${share(view)}${holdExplanation(view)}${countdown(expires)}
${options.error ? html`<p class="error" role="alert">${options.error}</p>` : ''}
${options.live ? liveForm(view, token, nonce) : testForm(view, token)}`,
      );
    case 'held':
      return section(
        'Your share is held',
        html`${share(view)}<p class="outcome outcome-good">Your hold is in place. We are waiting for the others to place theirs.</p>
${holdExplanation(view)}${countdown(expires)}`,
      );
    case 'awaiting_merchant':
      return section(
        ALL_HELD,
        html`${share(view)}<p class="outcome outcome-good">${ALL_HELD}. ${view.business_name} is confirming the order now.</p>
<p>Nothing is taken from your card until they do. If they do not go ahead, your hold is released and nothing is taken.</p>`,
      );
    case 'capturing':
      return section(
        ALL_HELD,
        html`<p class="outcome outcome-good">${ALL_HELD}. The payments are being taken now; nothing more is needed from you.</p>`,
      );
    case 'captured':
      return section(
        'The order has gone through',
        html`<p class="outcome outcome-good">Everyone has paid and the order has gone through.</p>
<p>${money(view.card_charge)} has been taken from your card.</p>`,
      );
    case 'refunded':
      return section('The order was refunded', html`<p class="outcome">This order has been refunded in full.</p>`);
    case 'canceling':
      return section(
        'This split is being cancelled',
        html`<p class="outcome">This split is being cancelled. Nothing will be taken from your card.</p>`,
      );
    case 'canceled':
      return section(
        'This split was cancelled',
        html`<p class="outcome outcome-bad">This split was cancelled. Nothing was taken from your card.</p>`,
      );
    case 'expired':
      return section(
        'Time ran out',
        html`<p class="outcome outcome-bad">Not everyone's hold was in place by ${deadline(expires)}, so the order did not go through.</p>
<p>Any hold on your card has been released. Nothing was taken.</p>`,
      );
    case 'capture_failed':
      return section(
        'The order did not go through',
        html`<p class="outcome outcome-bad">Everyone's hold was in place, but one of the payments could not be taken, so the order did not go through.</p>
<p>Anything taken from your card is being refunded and any hold released.</p>`,
      );
  }
}

/** `awaitingMerchant`: the split waits for the shop to accept it (docs/splits.md, "Merchant accept"). */
type PageOptions = { error?: string; live: boolean; awaitingMerchant?: boolean };

/** The participant's pay page; every interpolated value is escaped by html``. */
export function renderPayPage(view: PayView, token: string, nonce: string, options: PageOptions) {
  const shown = payState(view);
  const state = shown === 'held' && options.awaitingMerchant ? 'awaiting_merchant' : shown;
  const summary = orderSummary({
    businessName: view.business_name,
    orderReference: view.order_reference,
    mode: view.mode,
    lines: view.line_items.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      amount: line.amount,
      imageUrl: line.image_url,
    })),
    total: view.total_amount,
  });
  return pageLayout(
    `Pay your share of ${view.order_reference}`,
    html`${summary}
<div id="live" data-state="${state}" data-terminal="${TERMINAL.has(state) ? 'true' : 'false'}">
<p id="announce" class="visually-hidden" role="status" aria-live="polite"></p>
${stateSection(view, state, token, nonce, options)}
${groupProgress(view.group)}
</div>`,
    html`<script type="module" src="${ASSET_PATH}/pay.js"></script>`,
  );
}

export function renderNotFoundPage() {
  return pageLayout(
    'Pay link not found',
    html`<section class="panel" id="pay-status" data-state="gone">
<h1>Pay link not found</h1>
<p>This pay link is not valid. If someone else has been asked to pay this share instead, there is nothing more for you to do.</p>
</section>`,
  );
}
