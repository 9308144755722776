import { html, type SafeHtml } from '@groupsplit/shared';
import { countdown, money, pageLayout } from '../shared/components';

/**
 * The group link's page, `/join/:group_token` (docs/hosted-checkout.md, "Open seats"): the order and
 * its open seats. Same layout, stylesheet and CSP as the checkout page (CHECKOUT_PAGE_CSP); everything
 * interpolated goes through html`` (escaped). This is the server's first draw, with nothing to click
 * yet: the page's script (signing in by e-mailed code, then
 * POST /api/checkout-splits/join/:group_token/claim with `{ seat_id }`) hooks onto `#app`
 * (`data-group-token`, `data-status`) and the `[data-seat-id]` items.
 */

/** What the page shows: the answer of GET /api/checkout-splits/join/:group_token, plus the token and status. */
export type JoinView = {
  groupToken: string;
  /** The split's status: seats can be taken only while it is `pending`. */
  status: string;
  merchantName: string;
  orderReference: string;
  /** Two-place pounds: the order total. */
  amount: string;
  openSeats: { id: string; amount: string }[];
  approvedCount: number;
  totalCount: number;
  authorizationExpiresAt: Date;
};

function seatList(view: JoinView): SafeHtml {
  if (view.status !== 'pending') {
    return html`<p>This group is no longer taking people: the order is ${view.status}.</p>`;
  }
  if (view.openSeats.length === 0) return html`<p>Every seat in this group is taken.</p>`;
  const items = view.openSeats.map(
    (seat, i) =>
      html`<li data-seat-id="${seat.id}" data-amount="${seat.amount}">Seat ${String(i + 1)}: ${money(seat.amount)}</li>`,
  );
  return html`<ul class="seats" id="open-seats">${items}</ul>
${countdown(view.authorizationExpiresAt)}`;
}

export function renderJoinPage(view: JoinView): string {
  return pageLayout(
    `Join ${view.orderReference} at ${view.merchantName}`,
    html`<div id="app" data-group-token="${view.groupToken}" data-status="${view.status}" data-view="join">
<h1>Join ${view.orderReference} at ${view.merchantName}</h1>
<p>The order comes to ${money(view.amount)}. ${String(view.approvedCount)} of ${String(view.totalCount)} have paid.</p>
<section class="panel" aria-labelledby="open-seats-heading">
<h2 id="open-seats-heading">Open seats</h2>
${seatList(view)}
</section>
<div id="status" class="status" role="status" aria-live="polite" tabindex="-1"></div>
</div>`,
  );
}

export function joinNotFoundPage(): string {
  return pageLayout(
    'Group link not found',
    html`<h1>Group link not found</h1><p>This group link is not valid. Ask whoever sent it for a new one.</p>`,
  );
}
