/**
 * The Insights page's period, kept in the address so a period can be bookmarked and shared:
 * `?days=7|30|90` (the last N days, today included) or `?from=YYYY-MM-DD&to=YYYY-MM-DD` (both days
 * included). Days are UK days (Europe/London), as the API counts them. Plain functions, no DOM: unit-testable.
 */
export const PRESET_DAYS = [7, 30, 90] as const;
export const DEFAULT_DAYS = 30;

export type Period =
  | { kind: 'preset'; days: number; from: string; to: string }
  | { kind: 'custom'; from: string; to: string };

const DAY_MS = 24 * 3600_000;
const IS_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const utcDay = (date: Date) => date.toISOString().slice(0, 10);
/** The UK calendar day `date` falls on (`en-CA` writes YYYY-MM-DD): after 23:00 UTC in summer it is already tomorrow. */
const UK_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
export const ukDay = (date: Date) => UK_DAY.format(date);
const isRealDay = (value: string | null): value is string =>
  value !== null && IS_DAY.test(value) && utcDay(new Date(`${value}T00:00:00Z`)) === value;

/** The period the address asks for; anything unreadable falls back to the last 30 days. */
export function periodFrom(search: URLSearchParams, now: Date = new Date()): Period {
  const from = search.get('from');
  const to = search.get('to');
  if (isRealDay(from) && isRealDay(to) && from <= to) return { kind: 'custom', from, to };
  const asked = Number(search.get('days'));
  const days = (PRESET_DAYS as readonly number[]).includes(asked) ? asked : DEFAULT_DAYS;
  return { kind: 'preset', days, from: ukDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to: ukDay(now) };
}

/** The address's query for a period. */
export function periodSearch(period: { days: number } | { from: string; to: string }): string {
  return 'days' in period ? `?days=${period.days}` : `?from=${period.from}&to=${period.to}`;
}

const DAY_LABEL = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "1 Oct 2026 – 31 Oct 2026", or one day alone. */
export function periodLabel(period: { from: string; to: string }): string {
  const from = DAY_LABEL.format(new Date(`${period.from}T00:00:00Z`));
  const to = DAY_LABEL.format(new Date(`${period.to}T00:00:00Z`));
  return from === to ? from : `${from} – ${to}`;
}

/** The period in a sentence: "on 1 Oct 2026", "from 1 Oct 2026 to 31 Oct 2026". */
export function periodWords(period: { from: string; to: string }): string {
  const [from, to] = periodLabel(period).split(' – ');
  return to ? `from ${from} to ${to}` : `on ${from}`;
}

/** Seconds as people say a wait: "45 min", "2 h 5 min", "3 days 4 h"; "—" when there is none. */
export function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return `${seconds} s`;
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return `${days} ${days === 1 ? 'day' : 'days'}${rest ? ` ${rest} h` : ''}`;
}

/** 0.5 → "50%"; null → "—". */
export const percent = (ratio: number | null) => (ratio === null ? '—' : `${Math.round(ratio * 100)}%`);

/** "1 group", "3 groups". */
export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
