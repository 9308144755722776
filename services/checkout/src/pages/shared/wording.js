// How the hosted checkout and pay pages word an amount, a participant's status, the group's
// progress and the time left: one definition for both sides. The server requires this file as it
// is (CommonJS; its types are wording.d.ts) for the pages it renders; the browser gets the same
// text as an ES module (pages/assets.ts wraps it), which progress.js imports to redraw the same
// words. So it stays plain JavaScript that every supported browser and Node run, with no imports.

/** `£12.50`; `−£5.50` (U+2212 MINUS SIGN, before the pound sign) for a negative two-place pound string. */
function money(pounds) {
  const text = String(pounds);
  return text.startsWith('-') ? `\u2212£${text.slice(1)}` : `£${text}`;
}

/**
 * How a participant's status reads in the group list. A hold is a hold, not a payment: a share is
 * "paid" only once the order went through and the money was taken. British spelling for people;
 * the API keeps the spec's values (`canceled`).
 */
const STATUS_LABELS = {
  pending: 'No hold yet',
  authorised: 'Hold in place',
  captured: 'Paid',
  canceled: 'Cancelled',
  refunded: 'Refunded',
};

/** The group list's heading. */
const GROUP_HEADING = 'Who is in';

/** What a hold means, wherever a page or e-mail explains it. */
const NOTHING_TAKEN = "Nothing is taken until everyone's hold is in place.";

/** The heading once every share is held (the shop confirming, or the payments being taken). */
const ALL_HELD = "Everyone's hold is in place";

/** `1 seat open`, `2 seats open`. */
function seatsOpen(count) {
  return `${count} ${count === 1 ? 'seat' : 'seats'} open`;
}

/**
 * `2 of 3 holds in place` while the group is gathering holds (a hold is not a payment); `3 of 3 paid`
 * once the payments were taken (every share that is in was captured). The e-mails' progressText
 * (packages/email/src/order.ts) says the same: a test keeps the two in step.
 */
function holdsCount(held, total, captured = 0) {
  if (captured > 0 && captured >= held) return `${captured} of ${total} paid`;
  return `${held} of ${total} ${total === 1 ? 'hold' : 'holds'} in place`;
}

/**
 * The group's count: `1 of 3 holds in place`; with open seats (shares nobody has taken yet, counted in
 * `total_count`) `2 of 4 holds in place · 1 seat open`; `3 of 3 paid` once captured.
 */
function progressCount(group) {
  const captured = (group.participants ?? []).filter((p) => p.status === 'captured').length;
  const count = holdsCount(group.approved_count, group.total_count, captured);
  const open = group.open_seats ? group.open_seats.length : 0;
  return open > 0 ? `${count} · ${seatsOpen(open)}` : count;
}

/** How an open seat reads in the group list: who (nobody yet) and its badge. */
const OPEN_SEAT = { who: 'Open seat', badge: 'Not taken yet' };

/**
 * The join page's ends: where a person holding the group link finds nothing (more) to take. The
 * server draws them on the page, join.js when a claim or a fresh read finds one.
 */
const JOIN_ENDS = {
  full: {
    heading: 'No seats left',
    text: 'Every seat in this group has been taken, so there is nothing for you to pay.',
  },
  closed: {
    heading: 'This group has closed',
    text: 'It is no longer taking new people, so there is nothing for you to pay.',
  },
  joined: {
    heading: 'You are already in this group',
    text: 'You have a share in this group already. Use the pay link we e-mailed you to pay it.',
  },
  not_found: {
    heading: 'Group link not found',
    text: 'This group link is not valid. Ask whoever sent it to you for a new one.',
  },
};

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `6 days 23 hours`, `5 hours 2 minutes`, `3 minutes`, `less than a minute`. */
function timeLeft(ms) {
  if (ms < MINUTE) return 'less than a minute';
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  if (days > 0) return hours > 0 ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day');
  if (hours > 0) return minutes > 0 ? `${plural(hours, 'hour')} ${plural(minutes, 'minute')}` : plural(hours, 'hour');
  return plural(minutes, 'minute');
}

module.exports = {
  money,
  STATUS_LABELS,
  GROUP_HEADING,
  NOTHING_TAKEN,
  ALL_HELD,
  OPEN_SEAT,
  JOIN_ENDS,
  holdsCount,
  progressCount,
  seatsOpen,
  timeLeft,
};
