import { randomBytes } from 'node:crypto';
import { type Config, html, type SafeHtml, STRIPE_API_ORIGIN } from '@groupsplit/shared';
import { STRIPE_CSP_GUIDE, STRIPE_JS_URL } from '../../pages/pay/stripe-csp';
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

export const HOLD_EXPLANATION = `${NOTHING_TAKEN} If the group does not finish in time, the hold lapses by itself and nothing is taken.`;

export function newNonce() {
  return randomBytes(16).toString('base64');
}

/**
 * Where the page's Stripe.js comes from: Stripe's own (`https://js.stripe.com/v3/`) when the processor
 * is Stripe, else the processor emulator's stand-in at `<emulator origin>/v3/` (STRIPE_API_BASE_URL
 * names the emulator, for both modes). docs/hosted-checkout.md, "Paying: one front end for test and live".
 */
export type StripeJsSource = { kind: 'stripe' | 'emulator'; script: string; origin: string };

export function stripeJsSource(config: Pick<Config, 'STRIPE_API_BASE_URL'>): StripeJsSource {
  const base = config.STRIPE_API_BASE_URL ? new URL(config.STRIPE_API_BASE_URL).origin : null;
  if (!base || base === STRIPE_API_ORIGIN) {
    return { kind: 'stripe', script: STRIPE_JS_URL, origin: new URL(STRIPE_JS_URL).origin };
  }
  return { kind: 'emulator', script: `${base}/v3/`, origin: base };
}

/**
 * Strict CSP, as the checkout page's: styles and images only from our own origin, no inline script or
 * style; scripts from our origin and the Stripe.js tag (by nonce). Stripe's Stripe.js: what Stripe's
 * CSP guide lists for Elements, 3-D Secure and wallets (`STRIPE_CSP_GUIDE`). The emulator's stand-in:
 * only the emulator's origin, for its script, its wallet sheet's frame, its calls and the 3-D Secure page.
 */
export function payPageCsp(nonce: string, source: StripeJsSource) {
  const allowed = (directive: keyof typeof STRIPE_CSP_GUIDE) =>
    source.kind === 'stripe' ? STRIPE_CSP_GUIDE[directive].join(' ') : source.origin;
  const challenge = source.kind === 'stripe' ? 'https://hooks.stripe.com' : source.origin;
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' 'self' ${allowed('script-src')}`,
    "style-src 'self'",
    "img-src 'self'",
    `connect-src 'self' ${allowed('connect-src')}`,
    `frame-src ${allowed('frame-src')}`,
    `form-action 'self' ${challenge}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
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

/** Live mode's card form: Stripe.js's Card Element in #card; pay.js confirms the hold through our own pay step. */
function liveForm(view: PayView) {
  return html`<form id="pay-form">
<fieldset><legend>Card details</legend><div id="card"></div></fieldset>
<noscript><p class="error">Paying by card needs JavaScript: turn it on and reload this page.</p></noscript>
<button type="submit">Hold ${money(view.card_charge)}</button>
</form>`;
}

/** `stripeJs`: where Stripe.js comes from (`stripeJsSource`). `card`: the held card's label, if known. */
type PaymentOptions = { stripeJs: StripeJsSource; card?: string | null };

/** The card the hold is on, as `cardLabel` says it ("Apple Pay (Visa ••••4242)"), once a hold named it. */
function heldOn(options: PaymentOptions): SafeHtml | string {
  return options.card ? html`<p class="held-card">Held on ${options.card}.</p>\n` : '';
}

/** What the card is held for, in pence: the amount a wallet sheet shows. */
const heldPence = (view: PayView) => Math.round(Number(view.card_charge) * 100);

/**
 * How to pay, the same in both modes: the wallet buttons first (Stripe.js's Express Checkout Element,
 * shown by pay.js once it is ready), then the card form (live: the Card Element; test: the test-card
 * picker, a plain form that works without any script). Stripe.js is Stripe's or the emulator's stand-in.
 */
function payments(view: PayView, token: string, nonce: string, options: PageOptions & PaymentOptions): SafeHtml {
  return html`<div id="payments" data-token="${token}" data-key="${view.publishable_key}" data-account="${view.stripe_account}" data-secret="${view.client_secret ?? ''}" data-amount="${String(heldPence(view))}" data-currency="${view.currency}" data-business="${view.business_name}">
<div id="wallets" class="wallets" hidden>
<h3 id="wallets-heading">Pay with Apple Pay or Google Pay</h3>
<div id="express-checkout"></div>
<p class="or">Or pay by card</p>
</div>
<p id="pay-error" role="alert"></p>
${options.live ? liveForm(view) : testForm(view, token)}
<script src="${options.stripeJs.script}" nonce="${nonce}"></script>
</div>`;
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
function stateSection(
  view: PayView,
  state: PayState,
  token: string,
  nonce: string,
  options: PageOptions & PaymentOptions,
): SafeHtml {
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
${payments(view, token, nonce, options)}`,
      );
    case 'held':
      return section(
        'Your share is held',
        html`${share(view)}<p class="outcome outcome-good">Your hold is in place. We are waiting for the others to place theirs.</p>
${heldOn(options)}${holdExplanation(view)}${countdown(expires)}`,
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
export function renderPayPage(view: PayView, token: string, nonce: string, options: PageOptions & PaymentOptions) {
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
