import { awaitingMerchant, formatPounds, html, type SafeHtml, type SplitSeatRow } from '@groupsplit/shared';
import { withOpenSeats } from '../../seats/seats';
import type { LoadedSession } from '../../sessions/session-state';
import { imageUrl, sessionStatus } from '../../sessions/session-state';
import { presentGroup } from '../../splits/group';
import { ASSET_PATH, countdown, groupProgress, orderSummary, pageLayout, signInSteps } from '../shared/components';

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
  return pageLayout(title, body);
}

function summaryOf(loaded: LoadedSession, baseUrl: string): SafeHtml {
  const { session, merchant } = loaded;
  return orderSummary({
    businessName: merchant.name,
    orderReference: session.order_reference,
    mode: session.mode,
    lines: session.line_items.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      amount: formatPounds(line.amount),
      imageUrl: line.image_id ? imageUrl(baseUrl, line.image_id) : null,
    })),
    total: formatPounds(session.amount),
  });
}

/**
 * The page once the split exists: how it stands and who has paid (masked: anyone holding the
 * checkout link sees this). checkout.js then shows the signed-in buyer everyone in full, keeps it
 * up to date until the split ends (loading the page again when its status changes), and offers
 * to replace whoever has not paid yet.
 */
function afterTheSplit(
  loaded: LoadedSession,
  summary: SafeHtml,
  title: string,
  back: SafeHtml,
  cancelReason: CancelReason,
  seats: SplitSeatRow[],
) {
  const { session, split } = loaded;
  const status = sessionStatus(loaded);
  const expired = cancelReason === 'expired';
  const [heading, message] =
    status === 'paid'
      ? ['Thank you', 'Everyone has paid and the order has gone through.']
      : status === 'refunded'
        ? ['Refunded', 'This order has been refunded.']
        : status === 'canceled'
          ? expired
            ? ['Time ran out', 'Not everyone paid in time, so the order did not go through. Nobody was charged.']
            : ['Order cancelled', 'This order was cancelled. Nobody was charged.']
          : split && awaitingMerchant(split)
            ? [
                'Everyone has paid',
                `${loaded.merchant.name} is confirming the order now. Nothing is taken until they do.`,
              ]
            : ['Your order is set up', waitingMessage(seats)];
  const waiting = status === 'pending' && split?.status === 'pending' && !awaitingMerchant(split);
  const group =
    split && loaded.participants.length
      ? groupProgress(
          withOpenSeats(
            presentGroup(loaded.participants, () => false),
            seats,
          ),
        )
      : '';
  return layout(
    title,
    html`${summary}
<div id="app" data-token="${session.token}" data-total="${String(session.amount)}" data-view="group" data-status="${split?.status ?? 'pending'}" data-awaiting-merchant="${String(split ? awaitingMerchant(split) === true : false)}">
<div id="status" class="status" role="status" aria-live="polite" tabindex="-1"></div>
<section class="panel" id="split-status" aria-labelledby="split-status-heading">
<h2 id="split-status-heading">${heading}</h2>
<p>${message}</p>
${waiting && split ? html`<p class="hint">Nothing is taken until everyone's hold is in place.</p>${countdown(split.authorization_expires_at)}` : ''}
${back}
</section>
${group}
</div>
<script type="module" src="${ASSET_PATH}/checkout.js"></script>`,
  );
}

/** While the split waits: who has their link, and that open seats wait for someone to take them. */
const waitingMessage = (seats: SplitSeatRow[]) =>
  seats.some((seat) => seat.participant_id === null)
    ? 'Everyone you named has been sent a link to pay their share. The open seats wait for someone to take them.'
    : 'Everyone has been sent a link to pay their share.';

export function notFoundPage(): string {
  return layout(
    'Checkout not found',
    html`<h1>Checkout not found</h1><p>This checkout link is not valid. Go back to the shop and start again.</p>`,
  );
}

export type CancelReason = 'canceled' | 'expired' | null;

export function renderCheckoutPage(
  loaded: LoadedSession,
  options: { baseUrl: string; unavailable: boolean; cancelReason: CancelReason; seats: SplitSeatRow[] },
): string {
  const { session } = loaded;
  const summary = summaryOf(loaded, options.baseUrl);
  const title = `Checkout: ${session.order_reference}`;
  const back = html`<p><a class="button secondary" href="${session.return_url}">Return to the shop</a></p>`;

  // An expired session with a claim but no split is a claim that was abandoned (the expiry job
  // expires a claimed session only then): it expired like an unclaimed one.
  if (loaded.split || (session.split_claimed_by && !loaded.expired))
    return afterTheSplit(loaded, summary, title, back, options.cancelReason, options.seats);
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
${signInSteps(session.customer_email)}
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
      <p class="hint" id="open-seat-help">Leave an e-mail address empty to make that share an open seat: you get a link to send, and whoever opens it can take the seat.</p>
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
  <p id="done-message">Everyone has been e-mailed a link to pay their share. Nothing is taken until everyone has paid.</p>
  <ul id="pay-links" class="pay-links"></ul>
  <p><a class="button" id="return-link" href="${session.return_url}">Return to the shop</a></p>
</section>
<section class="panel group" id="group" aria-labelledby="group-heading" hidden></section>
${cancel}`;
  return layout(
    title,
    html`<div id="app" data-token="${session.token}" data-total="${String(session.amount)}">${body}</div>
<script type="module" src="${ASSET_PATH}/checkout.js"></script>`,
  );
}
