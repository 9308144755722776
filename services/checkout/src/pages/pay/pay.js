// The pay page's behaviour (an ES module; the page's CSP allows scripts from our own origin only).
// It keeps the countdown and the group's progress up to date by polling the page itself, so the
// server stays the one place that draws each state; and it runs the wallet buttons and the card form.
import { poll, startCountdowns } from './progress.js';

const POLL_MS = 3000;

const live = document.getElementById('live');
const announce = (text) => {
  const region = document.getElementById('announce');
  if (region && text) region.textContent = text;
};

/** Brings in what changed since the page was drawn; true once nothing more can change. */
async function refresh() {
  // Back from the bank's page the address ends in /return; the page itself is what changes.
  const path = window.location.pathname.replace(/\/return$/, '');
  const response = await fetch(path, { headers: { accept: 'text/html' }, cache: 'no-store' });
  const next = new DOMParser().parseFromString(await response.text(), 'text/html');
  if (response.status === 404) {
    // The pay link was handed to someone else: show why, and stop.
    document.getElementById('checkout').replaceChildren(...next.getElementById('checkout').childNodes);
    return true;
  }
  if (!response.ok) return false;
  const fresh = next.getElementById('live');
  if (!fresh) return false;

  const group = document.getElementById('group');
  const freshGroup = next.getElementById('group');
  if (group && freshGroup && group.innerHTML !== freshGroup.innerHTML) {
    const before = group.querySelector('#progress-count')?.textContent;
    group.replaceWith(freshGroup);
    const after = freshGroup.querySelector('#progress-count')?.textContent;
    if (after && after !== before) announce(`${after}.`);
  }
  // The state's own section is swapped only when the state changed (never under a half-filled form).
  if (fresh.dataset.state !== live.dataset.state) {
    const section = next.getElementById('pay-status');
    document.getElementById('pay-status').replaceWith(section);
    live.dataset.state = fresh.dataset.state;
    announce(section.querySelector('h2')?.textContent);
  }
  live.dataset.terminal = fresh.dataset.terminal;
  return fresh.dataset.terminal === 'true';
}

const WALLET_NAMES = { apple_pay: 'Apple Pay', google_pay: 'Google Pay' };

/**
 * How to pay, the same in test and live: Stripe.js (Stripe's, or the processor emulator's stand-in) draws
 * the wallet buttons (the Express Checkout Element) above the card form, and in live mode the card field.
 * Whatever pays, our own pay step confirms the hold (POST …/authorise): the same attempt limits, declines
 * and 3-D Secure for a wallet as for a card. Test mode's card form is a plain form post (no script needed).
 */
function payments() {
  const box = document.getElementById('payments');
  if (!box || typeof window.Stripe !== 'function') return;
  const { token, key, account, secret, amount, currency, business } = box.dataset;
  const stripe = window.Stripe(key, { stripeAccount: account });
  const elements = stripe.elements({
    mode: 'payment',
    amount: Number(amount),
    currency,
    captureMethod: 'manual',
  });
  const show = (text) => {
    const region = document.getElementById('pay-error');
    region.textContent = text;
    region.className = text ? 'error' : '';
  };

  /** Our pay step; a 202 is the bank asking to confirm: Stripe.js's handleNextAction, then /return reads the hold. */
  async function authorise(paymentMethod) {
    const res = await fetch(`/api/checkout-splits/pay/${encodeURIComponent(token)}/authorise`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payment_method: paymentMethod }),
    });
    if (res.status === 202) {
      const asked = await res.json();
      if (typeof stripe.handleNextAction !== 'function' || !secret) {
        window.location.assign(asked.redirect_url);
        return null;
      }
      const next = await stripe.handleNextAction({ clientSecret: secret });
      if (next.error) return next.error.message;
      window.location.assign(`/pay/${encodeURIComponent(token)}/return`);
      return null;
    }
    if (res.ok) {
      window.location.reload();
      return null;
    }
    const body = await res.json().catch(() => ({}));
    return body.error || 'Your card could not be authorised.';
  }

  const wallets = document.getElementById('wallets');
  if (wallets) {
    const express = elements.create('expressCheckout', {
      business: { name: business },
      buttonType: { applePay: 'plain', googlePay: 'plain' },
    });
    express.on('ready', ({ availablePaymentMethods }) => {
      if (availablePaymentMethods && Object.values(availablePaymentMethods).some(Boolean)) wallets.hidden = false;
    });
    express.on('click', (event) => {
      show('');
      event.resolve({ business: { name: business } });
    });
    express.on('cancel', () => {
      show('You closed the wallet before paying, so nothing is held on your card. You can try again, or pay by card.');
    });
    express.on('confirm', async (event) => {
      const wallet = WALLET_NAMES[event.expressPaymentType] ?? 'The wallet';
      const submitted = await elements.submit();
      const created = submitted.error ? submitted : await stripe.createPaymentMethod({ elements });
      const failure = created.error ? created.error.message : await authorise(created.paymentMethod.id);
      if (failure) {
        event.paymentFailed({ reason: 'fail', message: failure });
        show(`${wallet}: ${failure}`);
      }
    });
    express.mount('#express-checkout');
  }

  const form = document.getElementById('pay-form');
  if (form && document.getElementById('card')) {
    const card = elements.create('card');
    card.mount('#card');
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      show('');
      const created = await stripe.createPaymentMethod({ type: 'card', card });
      const failure = created.error ? created.error.message : await authorise(created.paymentMethod.id);
      if (failure) show(failure);
    });
  }
}

startCountdowns();
payments();
if (live && live.dataset.terminal !== 'true') poll(refresh, POLL_MS);
