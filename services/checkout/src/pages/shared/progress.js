// What the checkout and pay pages share in the browser (an ES module, served as a static file so
// the pages' CSP needs no inline script). renderGroup() draws the group list as
// pages/shared/components.ts does on the server (same elements and classes): keep the two in step.
// The words both use come from one file, wording.js (served as an ES module: pages/assets.ts).
import wording from './wording.js';

export const {
  money,
  GROUP_HEADING,
  JOIN_ENDS,
  NOTHING_TAKEN,
  OPEN_SEAT,
  progressCount,
  seatsOpen,
  STATUS_LABELS,
  timeLeft,
} = wording;

/** Keeps every `[data-countdown]` (an ISO time) showing the time left; quietly, not in a live region. */
export function startCountdowns() {
  const tick = () => {
    for (const element of document.querySelectorAll('[data-countdown]')) {
      const left = Date.parse(element.dataset.countdown) - Date.now();
      element.textContent = left > 0 ? timeLeft(left) : 'no time';
    }
  };
  tick();
  setInterval(tick, 30_000);
}

/**
 * Runs `task` every `intervalMs` while the page is visible, until it answers true (a terminal
 * state: nothing more will change). A failed round is retried at the next tick.
 */
export function poll(task, intervalMs) {
  let stopped = false;
  let running = false;
  const round = async () => {
    if (stopped || running || document.hidden) return;
    running = true;
    try {
      stopped = (await task()) === true;
    } catch {
      // The network blipped; the next tick tries again.
    } finally {
      running = false;
    }
    if (stopped) clearInterval(timer);
  };
  const timer = setInterval(round, intervalMs);
  document.addEventListener('visibilitychange', round);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === 'className') node.className = value;
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

/**
 * Draws the group into `section` (the `#group` panel): the count, the bar and everyone with their
 * status, then the open seats, as components.ts does; with `actions(participant)` and
 * `seatActions(seat)` a row can carry more (the buyer's replace and invite buttons).
 * Who each person is (docs/splits.md, "Names"): the name typed for them; else `participant.email` when
 * present (the organiser's own view), else the masked address. On the organiser's view a named person's
 * address follows in small print, and a share they cover says whom it covers.
 */
export function renderGroup(section, group, actions = () => null, seatActions = () => null) {
  const heading = element('h2', { id: 'group-heading' }, GROUP_HEADING);
  const count = element('p', { className: 'progress-count', id: 'progress-count' }, progressCount(group));
  const bar = element('progress', {
    className: 'progress',
    value: group.approved_count,
    max: group.total_count,
    'aria-hidden': 'true',
  });
  const list = element('ul', { className: 'members', 'aria-labelledby': 'group-heading' });
  for (const p of group.participants) {
    const who = element('span', { className: 'member-email' }, p.name ?? p.email ?? p.email_masked);
    if (p.is_you) who.append(' ', element('span', { className: 'you' }, '(you)'));
    if (p.name && p.email) who.append(' ', element('span', { className: 'hint member-address' }, p.email));
    const covered = p.covered_name ?? p.covered_email;
    if (covered) who.append(' ', element('span', { className: 'hint member-covering' }, `covering ${covered}`));
    const badge = element('span', { className: `badge badge-${p.status}` }, STATUS_LABELS[p.status] ?? p.status);
    // Who and their status on one line; their share and what can be done about it on the next.
    const amount = p.amount ? element('span', { className: 'member-amount' }, money(p.amount)) : null;
    list.append(element('li', { className: 'member', 'data-status': p.status }, who, badge, amount, actions(p)));
  }
  for (const seat of group.open_seats ?? []) list.append(openSeatRow(seat, seatActions(seat)));
  section.replaceChildren(heading, count, bar, list);
  section.hidden = false;
}

/**
 * One open seat in the group list, as components.ts's openSeatRow draws it: nobody yet, and the share
 * waiting for them; `action` (an element, or null) after the share.
 */
export function openSeatRow(seat, action = null) {
  return element(
    'li',
    { className: 'member member-open', 'data-status': 'open', 'data-seat-id': seat.id },
    element('span', { className: 'member-email' }, OPEN_SEAT.who),
    element('span', { className: 'badge badge-open' }, OPEN_SEAT.badge),
    element('span', { className: 'member-amount' }, money(seat.amount)),
    action,
  );
}

export { element };
