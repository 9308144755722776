import { formatUkDateTime, html, type SafeHtml } from '@groupsplit/shared';
import {
  GROUP_HEADING,
  money,
  OPEN_SEAT,
  type OpenSeat,
  type ParticipantStatus,
  progressCount,
  STATUS_LABELS,
  timeLeft,
} from './wording';

export { money };

/**
 * What the hosted checkout page and the pay page share: one layout, one stylesheet
 * (`page.css`), the order summary and the group's progress. Everything interpolated goes
 * through html`` (escaped). The live parts are drawn again in the browser by `progress.js`, whose
 * markup mirrors these functions (same elements and classes): keep the two in step. The words both
 * use (amounts, statuses, the count, the time left) are one file, `wording.js`.
 */

/** Where the pages' static files are served (hosted-checkout routes). */
export const ASSET_PATH = '/checkout/assets';

export function pageLayout(title: string, body: SafeHtml, scripts: SafeHtml | '' = ''): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<link rel="stylesheet" href="${ASSET_PATH}/page.css">
</head>
<body>
<main id="checkout" class="checkout">
${body}
</main>
${scripts}
</body>
</html>`.value;
}

export type SummaryLine = { description: string; quantity: number; amount: string; imageUrl: string | null };

export type OrderSummary = {
  businessName: string;
  orderReference: string;
  mode: 'test' | 'live';
  lines: SummaryLine[];
  /** Two-place pounds. */
  total: string;
};

/** The merchant, the order and its lines and total: the top of both pages. */
export function orderSummary(order: OrderSummary): SafeHtml {
  const lines = order.lines.map(
    (line) => html`<li class="line${line.imageUrl ? ' has-image' : ''}">
  ${line.imageUrl ? html`<img class="line-image" src="${line.imageUrl}" alt="" width="48" height="48">` : ''}
  <span class="line-description">${line.quantity > 1 ? `${line.quantity} × ` : ''}${line.description}</span>
  <span class="line-amount">${money(line.amount)}</span>
</li>`,
  );
  return html`<header class="summary">
  <p class="business">${order.businessName}</p>
  <h1>${order.orderReference}</h1>
  ${order.mode === 'test' ? html`<p class="test-badge">Test mode: no real money moves.</p>` : ''}
  ${lines.length ? html`<ul class="lines" aria-label="Order lines">${lines}</ul>` : ''}
  <p class="total"><span>Total</span> <strong id="order-total">${money(order.total)}</strong></p>
</header>`;
}

export type GroupView = {
  approved_count: number;
  total_count: number;
  /** `name`: as typed for them (docs/splits.md, "Names"); shown instead of the masked address. */
  participants: { name?: string | null; email_masked: string; status: ParticipantStatus; is_you: boolean }[];
  /** Shares nobody has taken yet (a split with open seats); counted in `total_count`. */
  open_seats?: OpenSeat[];
};

/** One open seat in the group list: nobody yet, and the share waiting for them. */
export const openSeatRow = (
  seat: OpenSeat,
) => html`<li class="member member-open" data-status="open" data-seat-id="${seat.id}">
  <span class="member-email">${OPEN_SEAT.who}</span>
  <span class="badge badge-open">${OPEN_SEAT.badge}</span>
  <span class="member-amount">${money(seat.amount)}</span>
</li>`;

/**
 * The group's progress: a count, a bar, and everyone (by name, else masked) with their status, then
 * the open seats.
 */
export function groupProgress(group: GroupView): SafeHtml {
  const members = group.participants.map(
    (p) => html`<li class="member" data-status="${p.status}">
  <span class="member-email">${p.name ?? p.email_masked}${p.is_you ? html` <span class="you">(you)</span>` : ''}</span>
  <span class="badge badge-${p.status}">${STATUS_LABELS[p.status]}</span>
</li>`,
  );
  const seats = (group.open_seats ?? []).map(openSeatRow);
  return html`<section class="panel group" id="group" aria-labelledby="group-heading">
  <h2 id="group-heading">${GROUP_HEADING}</h2>
  <p class="progress-count" id="progress-count">${progressCount(group)}</p>
  <progress class="progress" value="${group.approved_count}" max="${group.total_count}" aria-hidden="true"></progress>
  <ul class="members" aria-labelledby="group-heading">${members}${seats}</ul>
</section>`;
}

/**
 * `Monday 12 October at 11:00 (UK time)`: a deadline as people read it, in Europe/London (BST in
 * summer); the e-mails' formatter, so pages and e-mails agree to the minute.
 */
export const deadline = (at: Date) => formatUkDateTime(at);

/** Time left until `expiresAt`, counted down in the browser by progress.js (`data-countdown`). */
export function countdown(expiresAt: Date, lead = 'Time left for everyone to pay:'): SafeHtml {
  const iso = expiresAt.toISOString();
  return html`<p class="countdown">${lead} <strong data-countdown="${iso}">${timeLeft(expiresAt.getTime() - Date.now())}</strong>
  <span class="hint">(until <time datetime="${iso}">${deadline(expiresAt)}</time>)</span></p>`;
}

/** How a page words its sign-in: the e-mail step's heading and hint, hidden until asked for, a way back. */
export type SignInOptions = {
  heading?: string;
  hint?: string;
  /** Both steps start hidden (the checkout page asks for the code once the buyer has chosen). */
  hidden?: boolean;
  /** A link-styled button on the e-mail step (`#sign-in-back`) that leaves signing in, worded so. */
  back?: string;
};

/**
 * Signing in by e-mailed code: the e-mail step and the code step, wired by `sign-in.js`
 * (`wireSignIn`). The checkout and join pages show them alike.
 */
export function signInSteps(prefill: string | null, options: SignInOptions = {}): SafeHtml {
  const heading = options.heading ?? 'Sign in with your e-mail';
  const hint = options.hint ?? 'No account needed. We will e-mail you a 6-digit code.';
  const back = options.back ? html`<button type="button" class="link" id="sign-in-back">${options.back}</button>` : '';
  return html`<section class="panel" id="step-email" data-step="email"${options.hidden ? html` hidden` : ''}>
  <h2>${heading}</h2>
  <p class="hint">${hint}</p>
  <form id="email-form" novalidate>
    <label for="email">E-mail address</label>
    <input id="email" name="email" type="email" autocomplete="email" required value="${prefill ?? ''}">
    <button type="submit">Send me a code</button>
    ${back}
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
</section>`;
}
