/**
 * A day a UK merchant names (`2026-10-01`) runs midnight to midnight in Europe/London, so from April
 * to October it starts at 23:00 UTC the evening before. Finance exports count days the same way in SQL
 * (`AT TIME ZONE 'Europe/London'`, packages/db/src/repositories/exports.ts); this is the same rule in code.
 */
const LONDON_WALL_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * Europe/London's offset from UTC (ms) at the instant `at`: the one place that asks Intl (the finance
 * exports' UK times look it up once per hour through here).
 */
export function londonOffset(at: number): number {
  const p: Record<string, string> = {};
  for (const part of LONDON_WALL_CLOCK.formatToParts(at)) p[part.type] = part.value;
  return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!) - Math.floor(at / 60_000) * 60_000;
}

/**
 * The instant a UK day (`YYYY-MM-DD`) begins. The clocks change at 01:00 UTC, never near UK midnight,
 * so the offset read at that day's UTC midnight is the offset at its UK midnight too.
 */
export function ukDayStart(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00.000Z`);
  return new Date(utcMidnight - londonOffset(utcMidnight));
}

/** The instant the UK day after `day` begins: the end of `day` (25 or 23 hours on the clock-change days). */
export function ukDayEnd(day: string): Date {
  const next = new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
  return ukDayStart(next);
}
