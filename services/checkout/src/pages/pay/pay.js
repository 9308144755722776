// The pay page's behaviour (an ES module; the page's CSP allows scripts from our own origin only).
// It keeps the countdown and the group's progress up to date by polling the page itself, so the
// server stays the one place that draws each state; and in live mode it runs the card form.
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

/** Live mode: Stripe Elements collects the card; our own endpoint confirms the hold. */
function cardForm() {
  const form = document.getElementById('pay-form');
  if (!form || typeof window.Stripe !== 'function') return;
  const stripe = window.Stripe(form.dataset.key, { stripeAccount: form.dataset.account });
  const card = stripe.elements().create('card');
  card.mount('#card');
  const show = (text) => {
    document.getElementById('pay-error').textContent = text;
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    show('');
    const created = await stripe.createPaymentMethod({ type: 'card', card });
    if (created.error) return show(created.error.message);
    const res = await fetch(`/api/checkout-splits/pay/${encodeURIComponent(form.dataset.token)}/authorise`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payment_method: created.paymentMethod.id }),
    });
    if (res.status === 202) {
      // The bank asks the participant to confirm (3-D Secure): Stripe.js shows its challenge, then
      // /return reads the hold; without handleNextAction, the bank's page itself (redirect_url).
      const asked = await res.json();
      const back = `/pay/${encodeURIComponent(form.dataset.token)}/return`;
      if (typeof stripe.handleNextAction !== 'function' || !form.dataset.secret) {
        return window.location.assign(asked.redirect_url);
      }
      await stripe.handleNextAction({ clientSecret: form.dataset.secret });
      return window.location.assign(back);
    }
    if (res.ok) return window.location.reload();
    const body = await res.json().catch(() => ({}));
    show(body.error || 'Your card could not be authorised.');
  });
}

startCountdowns();
cardForm();
if (live && live.dataset.terminal !== 'true') poll(refresh, POLL_MS);
