import { formatPounds, html, type SafeHtml } from '@groupsplit/shared';
import type { LoadedSession } from '../../routes/checkout-sessions/session-state';
import { imageUrl, sessionStatus } from '../../routes/checkout-sessions/session-state';

/**
 * The buyer's hosted checkout page. Everything the merchant supplied goes through html``
 * (escaped, so markup shows as typed); the behaviour is the static checkout.js, which the
 * strict CSP allows only from our own origin (no inline script at all).
 */
export const CHECKOUT_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const UNAVAILABLE_MESSAGE =
  'This checkout cannot take payments right now. Please go back to the shop and try again later.';

function layout(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<link rel="stylesheet" href="/checkout/assets/checkout.css">
</head>
<body>
<main id="checkout" class="checkout">
${body}
</main>
</body>
</html>`.value;
}

function orderSummary(loaded: LoadedSession, baseUrl: string): SafeHtml {
  const { session, merchant } = loaded;
  const lines = session.line_items.map(
    (line) => html`<li class="line">
  ${line.image_id ? html`<img class="line-image" src="${imageUrl(baseUrl, line.image_id)}" alt="" width="48" height="48">` : html`<span class="line-image" aria-hidden="true"></span>`}
  <span class="line-description">${line.quantity > 1 ? `${line.quantity} × ` : ''}${line.description}</span>
  <span class="line-amount">£${formatPounds(line.amount)}</span>
</li>`,
  );
  return html`<header class="summary">
  <p class="business">${merchant.name}</p>
  <h1>${session.order_reference}</h1>
  ${session.mode === 'test' ? html`<p class="test-badge">Test mode: no real money moves.</p>` : ''}
  ${lines.length ? html`<ul class="lines" aria-label="Order lines">${lines}</ul>` : ''}
  <p class="total"><span>Total</span> <strong id="order-total">£${formatPounds(session.amount)}</strong></p>
</header>`;
}

export function notFoundPage(): string {
  return layout(
    'Checkout not found',
    html`<h1>Checkout not found</h1><p>This checkout link is not valid. Go back to the shop and start again.</p>`,
  );
}

export function renderCheckoutPage(loaded: LoadedSession, options: { baseUrl: string; unavailable: boolean }): string {
  const { session } = loaded;
  const summary = orderSummary(loaded, options.baseUrl);
  const title = `Checkout: ${session.order_reference}`;
  const back = html`<p><a class="button secondary" href="${session.return_url}">Return to the shop</a></p>`;

  if (loaded.split || session.split_claimed_by) {
    const status = sessionStatus(loaded);
    const message =
      status === 'paid'
        ? 'Everyone has paid and the order has gone through.'
        : status === 'canceled'
          ? 'This order was cancelled. Nobody was charged.'
          : 'Your order is set up. Everyone has been sent a link to pay their share.';
    return layout(
      title,
      html`${summary}<section class="panel" aria-live="polite"><h2>Thank you</h2><p>${message}</p>${back}</section>`,
    );
  }
  if (loaded.expired) {
    return layout(
      title,
      html`${summary}<section class="panel"><h2>This checkout has expired</h2><p>Go back to the shop and start again.</p>${back}</section>`,
    );
  }
  if (options.unavailable) {
    return layout(
      title,
      html`${summary}<section class="panel" role="alert"><h2>Unavailable</h2><p>${UNAVAILABLE_MESSAGE}</p></section>`,
    );
  }

  const cancel = session.cancel_url
    ? html`<p class="cancel" data-cancel-link><a href="${session.cancel_url}">Cancel and return to the shop</a></p>`
    : '';
  const body = html`${summary}
<div id="status" class="status" role="status" aria-live="polite" tabindex="-1"></div>
<section class="panel" id="step-email" data-step="email">
  <h2>Sign in with your e-mail</h2>
  <p class="hint">No account needed. We will e-mail you a 6-digit code.</p>
  <form id="email-form" novalidate>
    <label for="email">E-mail address</label>
    <input id="email" name="email" type="email" autocomplete="email" required value="${session.customer_email ?? ''}">
    <button type="submit">Send me a code</button>
  </form>
</section>
<section class="panel" id="step-code" data-step="code" hidden>
  <h2>Enter your code</h2>
  <form id="code-form" novalidate>
    <label for="code">6-digit code sent to <span id="code-email"></span></label>
    <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]*" maxlength="6" required>
    <button type="submit">Continue</button>
    <button type="button" class="link" id="change-email">Use a different e-mail</button>
  </form>
</section>
<section class="panel" id="step-choose" data-step="choose" hidden>
  <h2>How would you like to pay?</h2>
  <form id="choose-form" novalidate>
    <fieldset>
      <legend>Choose one</legend>
      <label class="choice"><input type="radio" name="mode" value="split" checked> Split it with others</label>
      <label class="choice"><input type="radio" name="mode" value="one_payer"> Ask one person to pay the whole order</label>
      <label class="choice"><input type="radio" name="mode" value="alone"> Pay it all myself</label>
    </fieldset>
    <div id="split-editor">
      <p class="hint">Up to 20 people including you. Shares must add up to the total and each be at least £1. Each person pays a £0.20 service fee on top of their share.</p>
      <ol id="people" class="people"></ol>
      <div class="row">
        <button type="button" class="secondary" id="add-person">Add a person</button>
        <button type="button" class="secondary" id="equal-split">Split equally</button>
      </div>
      <p id="share-total" class="hint" aria-live="polite"></p>
    </div>
    <div id="one-payer-editor" hidden>
      <label for="payer-email">Their e-mail address</label>
      <input id="payer-email" type="email" autocomplete="off">
      <p class="hint">They pay the order total and nothing more.</p>
    </div>
    <p id="alone-note" class="hint" hidden>You pay the order total and nothing more.</p>
    <button type="submit" id="create-split">Continue</button>
  </form>
</section>
<section class="panel" id="step-done" data-step="done" hidden>
  <h2>Your order is set up</h2>
  <p>Everyone has been e-mailed a link to pay their share. Nothing is taken until everyone has paid.</p>
  <ul id="pay-links" class="pay-links"></ul>
  <p><a class="button" id="return-link" href="${session.return_url}">Return to the shop</a></p>
</section>
${cancel}`;
  return layout(
    title,
    html`<div id="app" data-token="${session.token}" data-total="${String(session.amount)}">${body}</div>
<script src="/checkout/assets/checkout.js" defer></script>`,
  );
}
