import {
  awaitingMerchant,
  CUSTOMER_FEE_PENCE,
  formatPounds,
  holdsExpireAt,
  html,
  type SafeHtml,
  type SplitSeatRow,
} from '@groupsplit/shared';
import { withOpenSeats } from '../../seats/seats';
import type { LoadedSession } from '../../sessions/session-state';
import { imageUrl, sessionStatus } from '../../sessions/session-state';
import { presentGroup } from '../../splits/group';
import { ASSET_PATH, countdown, groupProgress, orderSummary, pageLayout, signInSteps } from '../shared/components';
import { type HoldLapse, holdLapseNotice, payByOf } from '../shared/hold-lapse';
import { ALL_HELD, NOTHING_TAKEN, STATUS_LABELS } from '../shared/wording';

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
 * checkout link sees this). While the split is under way it offers "Sign in to see your group":
 * signed in, checkout.js shows the organiser everyone in full (with their own pay link, Replace,
 * Cover and the group link) and a member their own pay link. It keeps the group up to date until
 * the split ends (loading the page again when its status changes).
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
  // Alone or one payer: one person pays the whole order, so nothing is counted.
  const single = loaded.participants.length === 1 && seats.length === 0;
  const [heading, message] =
    status === 'paid'
      ? [
          'Thank you',
          single
            ? 'The order has been paid and has gone through.'
            : 'Everyone has paid and the order has gone through.',
        ]
      : status === 'refunded'
        ? ['Refunded', 'This order has been refunded.']
        : status === 'canceled'
          ? expired
            ? [
                'Time ran out',
                single
                  ? 'The order was not paid in time, so it did not go through. Nothing was taken.'
                  : 'Not everyone paid in time, so the order did not go through. Nobody was charged.',
              ]
            : ['Order cancelled', 'This order was cancelled. Nobody was charged.']
          : split && awaitingMerchant(split)
            ? [ALL_HELD, `${loaded.merchant.name} is confirming the order now. Nothing is taken until they do.`]
            : ['Your order is set up', single ? SINGLE_PAYER_MESSAGE : waitingMessage(seats)];
  const waiting = status === 'pending' && split?.status === 'pending' && !awaitingMerchant(split);
  const group =
    split && loaded.participants.length
      ? single
        ? whoIsPaying(loaded)
        : groupProgress(
            withOpenSeats(
              presentGroup(loaded.participants, () => false),
              seats,
            ),
          )
      : '';
  // Signing in is offered while the split waits for someone to pay: the organiser's way back to
  // their own share, the group and its actions; a member's to their pay link.
  const signIn = waiting
    ? html`<div id="sign-in" class="sign-in">${signInSteps(null, {
        heading: 'Sign in to see your group',
        hint: 'Set up this order, or have a share in it? Sign in with your e-mail address to get your pay link and see everyone in the group. We will e-mail you a 6-digit code.',
      })}</div>`
    : '';
  return layout(
    title,
    html`${summary}
<div id="app" data-token="${session.token}" data-total="${String(session.amount)}" data-fee="${String(CUSTOMER_FEE_PENCE)}" data-view="group" data-single="${String(single)}" data-status="${split?.status ?? 'pending'}" data-awaiting-merchant="${String(split ? awaitingMerchant(split) === true : false)}">
<div id="status" class="status" role="status" aria-live="polite" tabindex="-1"></div>
<section class="panel" id="split-status" aria-labelledby="split-status-heading">
<h2 id="split-status-heading">${heading}</h2>
<p>${message}</p>
${waiting && split ? html`${single ? '' : html`<p class="hint">${HOLD_NOTE}</p>`}${holdLapseNotice(lapse(loaded))}${countdown(payByOf(lapse(loaded)), single ? 'Time left to pay:' : undefined)}` : ''}
<ul id="pay-links" class="pay-links" hidden></ul>
${back}
</section>
${signIn}
${group}
</div>
<script type="module" src="${ASSET_PATH}/checkout.js"></script>`,
  );
}

/** When the split's first hold lapses, beside its 7 days (docs/hosted-checkout.md, "A hold that lapses sooner"). */
const lapse = ({ split, participants }: LoadedSession): HoldLapse => ({
  authorizationExpiresAt: split?.authorization_expires_at ?? new Date(0),
  holdsExpireAt: holdsExpireAt(participants),
});

/** What a split waits for, in the words of holds: nothing is taken until every share is held. */
const HOLD_NOTE = NOTHING_TAKEN;

const SINGLE_PAYER_MESSAGE = 'One person pays for the whole order. It goes through as soon as they have paid.';

/** Alone or one payer: who pays (masked, or their name) and how it stands; no count, no bar. */
function whoIsPaying(loaded: LoadedSession): SafeHtml {
  const [payer] = presentGroup(loaded.participants, () => false).participants as {
    email_masked: string;
    name?: string | null;
    status: keyof typeof STATUS_LABELS;
  }[];
  if (!payer) return html``;
  return html`<section class="panel group" id="group" aria-labelledby="group-heading">
  <h2 id="group-heading">Who is paying</h2>
  <ul class="members" aria-labelledby="group-heading"><li class="member" data-status="${payer.status}">
  <span class="member-email">${payer.name ?? payer.email_masked}</span>
  <span class="badge badge-${payer.status}">${STATUS_LABELS[payer.status]}</span>
</li></ul>
</section>`;
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
  // A link, not a button: on the done step "Pay your share" is the one thing to press.
  const back = html`<p class="return"><a id="return-link" href="${session.return_url}">Return to the shop</a></p>`;

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
  const total = formatPounds(session.amount);
  const fee = formatPounds(CUSTOMER_FEE_PENCE);
  const body = html`${summary}
<div id="status" class="status" role="status" aria-live="polite" tabindex="-1"></div>
<section class="panel how" id="how-it-works" aria-labelledby="how-heading">
  <h2 id="how-heading">How it works</h2>
  <ul>
    <li>In a split, each person pays their share plus a £${fee} fee. Paying it all yourself costs the total, £${total}, and nothing more.</li>
    <li>Paying puts a hold on each card, not a charge.</li>
    <li>Nobody pays unless everyone is in within 7 days. If someone is not, every hold is released and nothing is taken.</li>
  </ul>
</section>
<section class="panel" id="step-choose" data-step="choose">
  <h2>How would you like to pay?</h2>
  <form id="choose-form" novalidate>
    <fieldset>
      <legend>Choose one</legend>
      <label class="choice"><input type="radio" name="mode" value="split" checked> Split it with others</label>
      <label class="choice"><input type="radio" name="mode" value="one_payer"> Ask one person to pay the whole order</label>
      <label class="choice"><input type="radio" name="mode" value="alone"> Pay it all myself</label>
    </fieldset>
    <div id="split-editor">
      <p class="hint">Up to 20 people including you. Each share is at least £1, and the shares add up to the total. Names tell the group who is who.</p>
      <p class="hint" id="open-seat-help">Leave a name and e-mail address empty to make that share an open seat: you get a link to send, and whoever opens it can take the seat.</p>
      <ol id="people" class="people"></ol>
      <div class="row">
        <button type="button" class="secondary" id="add-person">Add a person</button>
        <button type="button" class="secondary" id="equal-split">Split equally</button>
      </div>
      <p id="share-total" class="share-total" aria-live="polite"></p>
    </div>
    <div id="one-payer-editor" hidden>
      <label for="payer-you-name">Your name</label>
      <input id="payer-you-name" class="my-name" autocomplete="name" maxlength="60">
      <label for="payer-name">Their name</label>
      <input id="payer-name" autocomplete="off" maxlength="60">
      <label for="payer-email">Their e-mail address</label>
      <input id="payer-email" type="email" autocomplete="off">
      <p class="hint">They are e-mailed a link to pay the order total, £${total}, and nothing more.</p>
    </div>
    <p id="alone-note" class="hint" hidden>You pay the order total, £${total}, and nothing more. Once you have confirmed your e-mail address you go straight to the card form.</p>
    <p id="code-note" class="hint">Next we e-mail you a 6-digit code to confirm your address. What you chose here is kept.</p>
    <button type="submit" id="create-split">Continue</button>
  </form>
</section>
${signInSteps(session.customer_email, {
  hidden: true,
  hint: 'No account needed. We will e-mail you a 6-digit code, then set up your order as you chose.',
  back: 'Change how you pay',
})}
<section class="panel" id="step-done" data-step="done" hidden>
  <h2>Your order is set up</h2>
  <p id="done-message">Everyone has been e-mailed a link to pay their share. ${HOLD_NOTE}</p>
  <ul id="pay-links" class="pay-links"></ul>
  ${back}
</section>
<section class="panel group" id="group" aria-labelledby="group-heading" hidden></section>
${cancel}`;
  return layout(
    title,
    html`<div id="app" data-token="${session.token}" data-total="${String(session.amount)}" data-fee="${String(CUSTOMER_FEE_PENCE)}">${body}</div>
<script type="module" src="${ASSET_PATH}/checkout.js"></script>`,
  );
}
