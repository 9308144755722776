import { formatPounds, poundsToPence } from '@groupsplit/shared/browser';

/**
 * Money as the spec writes it: pounds with two places ("£12.50"). The API sends decimal strings
 * ("12.5" on the split detail, "12.50" elsewhere); both go through pence, never floats.
 */
export function money(amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  let pence: number;
  try {
    pence = poundsToPence(amount);
  } catch {
    return String(amount);
  }
  // A true minus sign, before the pound sign: −£5.50.
  return pence < 0 ? `\u2212£${formatPounds(-pence)}` : `£${formatPounds(pence)}`;
}

/** 300 → "3%", 250 → "2.5%". */
export const percentFromBps = (bps: number) => `${(bps / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

/**
 * Every time the dashboard shows is UK time (Europe/London: BST in summer), whatever zone the
 * browser is in, so it agrees with the e-mails and the hosted pages: `4 Jul 2026, 06:30 UK time`.
 */
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${DATE_TIME.format(date)} UK time`;
}

const ROLE_LABELS = { owner: 'Owner', admin: 'Admin', finance: 'Finance', member: 'Member' } as const;
export const roleLabel = (role: keyof typeof ROLE_LABELS) => ROLE_LABELS[role] ?? role;

/** snake_case words for people: "limited_liability_partnership" → "Limited liability partnership". */
export function words(value: string): string {
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
