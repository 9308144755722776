import type { SplitListQuery, SplitStatus } from '../api';
import { PAGES } from '../routes';

/**
 * The Orders page's state lives in its address, so a filtered page (and the page of it) can be
 * bookmarked, shared and reloaded: `q`, `status`, `from` and `to` (days, YYYY-MM-DD, in the browser's
 * time zone, both included), and `after` / `before`, the API's cursors (docs/dashboard.md, "Orders").
 */
export const ORDERS_PAGE_SIZE = 50;

export type OrdersAddress = { q: string; status: string; from: string; to: string; after?: string; before?: string };

/** The statuses a person can filter on, in the order of a split's life. */
export const STATUS_CHOICES: SplitStatus[] = [
  'pending',
  'capturing',
  'captured',
  'partially_refunded',
  'refunded',
  'canceling',
  'canceled',
  'creation_failed',
  'capture_failed',
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readAddress(search: URLSearchParams): OrdersAddress {
  const status = search.get('status') ?? '';
  return {
    q: search.get('q') ?? '',
    status: (STATUS_CHOICES as string[]).includes(status) ? status : '',
    from: DAY.test(search.get('from') ?? '') ? (search.get('from') as string) : '',
    to: DAY.test(search.get('to') ?? '') ? (search.get('to') as string) : '',
    after: search.get('after') || undefined,
    before: search.get('before') || undefined,
  };
}

/** The Orders page's address for these filters (and cursor); empty parts are left out. */
export function ordersHref(address: Partial<OrdersAddress>): string {
  const search = new URLSearchParams();
  for (const key of ['q', 'status', 'from', 'to', 'after', 'before'] as const) {
    const value = address[key];
    if (value) search.set(key, value);
  }
  const text = search.toString();
  return text ? `${PAGES.orders}?${text}` : PAGES.orders;
}

export const hasFilters = (address: OrdersAddress) =>
  Boolean(address.q.trim() || address.status || address.from || address.to);

/** Local midnight of a YYYY-MM-DD day, `plusDays` later, as an ISO instant; undefined for a day that does not exist. */
function localMidnight(day: string, plusDays = 0): string | undefined {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const at = new Date(year, month - 1, date + plusDays);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** What the API is asked for: one page of 50, the filters, and the cursor. */
export function listQuery(address: OrdersAddress): SplitListQuery & { limit: number } {
  const query: SplitListQuery & { limit: number } = { limit: ORDERS_PAGE_SIZE };
  if (address.q.trim()) query.q = address.q.trim();
  if (address.status) query.status = [address.status as SplitStatus];
  const from = address.from ? localMidnight(address.from) : undefined;
  const to = address.to ? localMidnight(address.to, 1) : undefined;
  if (from) query['created[gte]'] = from;
  if (to && (!from || to > from)) query['created[lt]'] = to;
  if (address.after) query.starting_after = address.after;
  else if (address.before) query.ending_before = address.before;
  return query;
}
