import { ukDayEnd, ukDayStart } from '@groupsplit/shared';
import { DEFAULT_PERIOD_DAYS, INSIGHTS_MESSAGES, invalidPeriod, MAX_PERIOD_DAYS } from './schema';

const DAY_MS = 24 * 3600_000;
const IS_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day is a UK day (midnight to midnight in Europe/London, as the exports count); a timestamp is itself. */
const start = (value: string) => (IS_DAY.test(value) ? ukDayStart(value) : new Date(value));
const end = (value: string) => (IS_DAY.test(value) ? ukDayEnd(value) : new Date(value));

/**
 * The period `[from, to)` a query asks for: a day as `to` includes that whole day, so `from=to=<day>`
 * is that one day. Refused when empty, reversed or longer than MAX_PERIOD_DAYS.
 */
export function periodOf(query: { from?: string; to?: string }, now: Date = new Date()): { from: Date; to: Date } {
  const to = query.to === undefined ? now : end(query.to);
  const from = query.from === undefined ? new Date(to.getTime() - DEFAULT_PERIOD_DAYS * DAY_MS) : start(query.from);
  if (from.getTime() >= to.getTime()) throw invalidPeriod(INSIGHTS_MESSAGES.order);
  if (to.getTime() - from.getTime() > MAX_PERIOD_DAYS * DAY_MS) throw invalidPeriod(INSIGHTS_MESSAGES.tooLong);
  return { from, to };
}
