import { html, type SafeHtml } from '@groupsplit/shared';
import { ASSET_PATH, countdown, money, openSeatRow, orderSummary, pageLayout, signInSteps } from '../shared/components';
import { type HoldLapse, holdLapseNotice, payByOf } from '../shared/hold-lapse';
import { JOIN_ENDS, type JoinEnd, NOTHING_TAKEN, type OpenSeat, progressCount } from '../shared/wording';

/**
 * The join page at `group_url` (`/join/<group token>`): a split's open seats, for anyone holding
 * the group link. It has the hosted checkout page's design and CSP (no inline script: the
 * behaviour is the static join.js). The person signs in by e-mailed code, as a buyer does, picks a
 * seat and claims it (with their name if they give one), and is sent to the pay page of their new
 * share. Who is asking is the organiser's name as they typed it; nobody's e-mail address is on this
 * page, masked or not: the link may travel further than the group.
 */

/** What the page shows of the group: the join view (`GET /api/checkout-splits/join/:group_token`). */
export type JoinView = {
  merchant_name: string;
  order_reference: string;
  /** The order total, two-place pounds. */
  amount: string;
  open_seats: OpenSeat[];
  approved_count: number;
  total_count: number;
  authorization_expires_at: string;
  /** The earliest time a bank releases a hold already placed, or null (docs/splits.md, "Holds that lapse sooner"). */
  holds_expire_at?: string | null;
  /** The split's status: the group takes people only while it is `pending` (else it has closed). */
  status: string;
  /** The split's mode, for the test-mode badge; a view without it shows none. */
  mode?: 'test' | 'live';
  /** Who is asking: the name the buyer typed for themself (docs/splits.md, "Names"), or null. */
  organiser_name?: string | null;
  /** The order's lines (amounts two-place pounds); none: only the total is shown. */
  line_items?: { description: string; quantity: number; amount: string; image_url: string | null }[];
};

/** The group's progress and its open seats, as on the other pages (`#group`). */
export function joinProgress(view: JoinView): SafeHtml {
  return html`<section class="panel group" id="group" aria-labelledby="group-heading">
  <h2 id="group-heading">The group so far</h2>
  <p class="progress-count" id="progress-count">${progressCount(view)}</p>
  <progress class="progress" value="${view.approved_count}" max="${view.total_count}" aria-hidden="true"></progress>
  ${view.open_seats.length ? html`<ul class="members" aria-label="Open seats">${view.open_seats.map(openSeatRow)}</ul>` : ''}
</section>`;
}

/** One of the page's ends (JOIN_ENDS), in the section join.js swaps too. */
export function joinEnd(end: JoinEnd, level: 'h1' | 'h2' = 'h2'): SafeHtml {
  const { heading, text } = JOIN_ENDS[end];
  const title =
    level === 'h1' ? html`<h1 id="join-end-heading">${heading}</h1>` : html`<h2 id="join-end-heading">${heading}</h2>`;
  return html`<section class="panel" id="join-end" data-end="${end}" aria-labelledby="join-end-heading">
${title}
<p>${text}</p>
</section>`;
}

/** A hold already placed may lapse before the 7 days: the joiner is told, and the countdown counts to it. */
const lapseOf = (view: JoinView): HoldLapse => ({
  authorizationExpiresAt: view.authorization_expires_at,
  holdsExpireAt: view.holds_expire_at ?? null,
});

function summaryOf(view: JoinView) {
  return orderSummary({
    businessName: view.merchant_name,
    orderReference: view.order_reference,
    mode: view.mode ?? 'live',
    lines: (view.line_items ?? []).map((line) => ({
      description: line.description,
      quantity: line.quantity,
      amount: line.amount,
      imageUrl: line.image_url,
    })),
    total: view.amount,
  });
}

export function renderJoinPage(view: JoinView, groupToken: string): string {
  const title = `Join the group paying for ${view.order_reference}`;
  const end: JoinEnd | null = view.status !== 'pending' ? 'closed' : view.open_seats.length === 0 ? 'full' : null;
  if (end) return pageLayout(title, html`${summaryOf(view)}${joinEnd(end)}`);
  return pageLayout(
    title,
    html`${summaryOf(view)}
<div id="app" data-group-token="${groupToken}">
<div id="status" class="status" role="status" aria-live="polite" tabindex="-1"></div>
<section class="panel" id="join-intro" aria-labelledby="join-heading">
<h2 id="join-heading">${view.organiser_name ? `${view.organiser_name} asked you to join the group paying for this order` : 'Join the group paying for this order'}</h2>
<p>${view.organiser_name ? `${view.organiser_name} and the group are` : 'The group is'} paying ${money(view.amount)} together for ${view.order_reference} at ${view.merchant_name}. Take an open seat to pay one share.</p>
<p class="hint">${NOTHING_TAKEN}</p>
${holdLapseNotice(lapseOf(view))}
${countdown(payByOf(lapseOf(view)))}
</section>
${joinProgress(view)}
${signInSteps(null)}
<section class="panel" id="step-seat" data-step="seat" hidden>
  <h2>Choose your seat</h2>
  <form id="seat-form" novalidate>
    <fieldset>
      <legend>Which share will you pay?</legend>
      <div id="seat-choices"></div>
    </fieldset>
    <label for="seat-name">Your name (optional)</label>
    <p class="hint" id="seat-name-hint">The group sees your name instead of your e-mail address.</p>
    <input id="seat-name" name="name" autocomplete="name" maxlength="60" aria-describedby="seat-name-hint">
    <p class="hint">Next you see what your card is held for, with the service fee, before anything is held.</p>
    <button type="submit" id="take-seat">Take this seat</button>
  </form>
</section>
</div>`,
    html`<script type="module" src="${ASSET_PATH}/join.js"></script>`,
  );
}

export function joinNotFoundPage(): string {
  return pageLayout(JOIN_ENDS.not_found.heading, joinEnd('not_found', 'h1'));
}
