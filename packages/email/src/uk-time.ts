/**
 * Times in e-mails are read by people in the UK, where half the year is BST: a raw GMT stamp
 * is an hour off from April to October. Every deadline a person reads is given in Europe/London.
 */
const UK_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2026-12-04T06:08:24Z` → `Friday 4 December at 06:08 (UK time)`. */
export function formatUkDateTime(at: Date | string): string {
  const parts = Object.fromEntries(UK_PARTS.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} at ${parts.hour}:${parts.minute} (UK time)`;
}

const HOUR_MS = 3_600_000;
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** How long is left until `until`, as a person says it: `2 days and 3 hours`, `5 hours`, `less than an hour`. */
export function timeLeft(until: Date | string, now: Date = new Date()): string {
  const ms = new Date(until).getTime() - now.getTime();
  if (ms < HOUR_MS) return 'less than an hour';
  const hours = Math.floor(ms / HOUR_MS);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  if (days === 0) return plural(hours, 'hour');
  return rest === 0 ? plural(days, 'day') : `${plural(days, 'day')} and ${plural(rest, 'hour')}`;
}
