// The emulator's wallet sheet (served at /v3/wallet-sheet.js): "Pay" makes a wallet PaymentMethod from
// the chosen test card and hands it to the page that opened the sheet; "Cancel" (or Escape) tells it so.
// Answers are posted to the page's own origin only (data-parent).
const form = document.getElementById('sheet');
const { key, account, parent, wallet } = form.dataset;
const tell = (message) => window.parent.postMessage({ source: 'stripe-js-stand-in', wallet, ...message }, parent);
const cancel = () => tell({ outcome: 'cancelled' });

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const pay = document.getElementById('sheet-pay');
  const error = document.getElementById('sheet-error');
  error.textContent = '';
  pay.disabled = true;
  const body = new URLSearchParams({ key, stripe_account: account, wallet_card: form.elements.wallet_card.value });
  try {
    const res = await fetch('/v3/api/payment_methods', { method: 'POST', body });
    const answer = await res.json();
    if (!res.ok) throw new Error(answer.error?.message || 'The wallet could not pay.');
    tell({ outcome: 'paid', paymentMethod: answer });
  } catch (failure) {
    error.textContent = failure.message;
    pay.disabled = false;
  }
});
document.getElementById('sheet-cancel').addEventListener('click', cancel);
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') cancel();
});
// The page focuses the sheet's frame when it opens it: the first card is where the keyboard starts.
window.addEventListener('focus', () => {
  if (!form.contains(document.activeElement)) form.querySelector('input:checked')?.focus();
});
