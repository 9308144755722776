// What the checkout and pay pages share in the browser (an ES module, served as a static file so
// the pages' CSP needs no inline script). money(), timeLeft(), STATUS_LABELS, progressCount() and
// the group list's markup are browser twins of pages/shared/components.ts, which this file cannot
// import: keep the two in step.

/** `£12.50`; `−£5.50` (U+2212) for a negative two-place pound string. */
export const money = (pounds) => (String(pounds).startsWith('-') ? `\u2212£${String(pounds).slice(1)}` : `£${pounds}`);

export const STATUS_LABELS = {
  pending: 'Not paid yet',
  authorised: 'Paid',
  captured: 'Charged',
  canceled: 'Released',
  refunded: 'Refunded',
};

export const progressCount = (group) =>
  `${group.approved_count} of ${group.total_count} ${group.total_count === 1 ? 'has' : 'have'} paid`;

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function timeLeft(ms) {
  if (ms < MINUTE) return 'less than a minute';
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  if (days > 0) return hours > 0 ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day');
  if (hours > 0) return minutes > 0 ? `${plural(hours, 'hour')} ${plural(minutes, 'minute')}` : plural(hours, 'hour');
  return plural(minutes, 'minute');
}

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
 * status, as components.ts does; with `actions(participant)` a row can carry more (the buyer's
 * replace button). `participant.email` is shown when present, else the masked address.
 */
export function renderGroup(section, group, actions = () => null) {
  const heading = element('h2', { id: 'group-heading' }, 'Who has paid');
  const count = element('p', { className: 'progress-count', id: 'progress-count' }, progressCount(group));
  const bar = element('progress', {
    className: 'progress',
    value: group.approved_count,
    max: group.total_count,
    'aria-hidden': 'true',
  });
  const list = element('ul', { className: 'members', 'aria-labelledby': 'group-heading' });
  for (const p of group.participants) {
    const who = element('span', { className: 'member-email' }, p.email ?? p.email_masked);
    if (p.is_you) who.append(' ', element('span', { className: 'you' }, '(you)'));
    const badge = element('span', { className: `badge badge-${p.status}` }, STATUS_LABELS[p.status] ?? p.status);
    // Who and their status on one line; their share and what can be done about it on the next.
    const amount = p.amount ? element('span', { className: 'member-amount' }, money(p.amount)) : null;
    list.append(element('li', { className: 'member', 'data-status': p.status }, who, badge, amount, actions(p)));
  }
  section.replaceChildren(heading, count, bar, list);
  section.hidden = false;
}

export { element };
