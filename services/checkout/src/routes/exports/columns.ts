import { cardLabel, formatPounds, londonOffset, type OrderExportRow, type RefundExportRow } from '@groupsplit/shared';
import type { Cell } from './csv';

/** One column of an export: its header and how a row fills it. */
export type Column<Row> = readonly [header: string, value: (row: Row) => Cell];

const HOUR_MS = 3_600_000;
/** The UK's offset from UTC by UTC hour: the clocks change on the hour, so one look-up serves a whole hour. */
const ukOffsets = new Map<number, number>();

/** Europe/London's offset from UTC (ms) during the UTC hour that holds `at`; Intl asked once per hour. */
function ukOffset(at: number): number {
  const hour = Math.floor(at / HOUR_MS);
  let offset = ukOffsets.get(hour);
  if (offset === undefined) {
    offset = londonOffset(hour * HOUR_MS);
    // An export spans at most a few thousand hours; a long-running process keeps the map bounded anyway.
    if (ukOffsets.size > 100_000) ukOffsets.clear();
    ukOffsets.set(hour, offset);
  }
  return offset;
}

/** `2026-11-27T14:04:12Z`: the instant in UTC, to the second. */
export function utcTime(at: Date | null): string | null {
  return at ? `${at.toISOString().slice(0, 19)}Z` : null;
}

/**
 * `2026-07-01 15:04:12`: the wall-clock time in the UK (BST in summer), as a spreadsheet reads a date
 * and time. Formatting each time with Intl cost 28 µs, most of a 100,000-row export's time; the
 * offset is looked up once per hour instead.
 */
export function ukTime(at: Date | null): string | null {
  if (!at) return null;
  const ms = at.getTime();
  const local = new Date(ms + ukOffset(ms)).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 19)}`;
}

/** Pounds with two places: `12.50`. The stored pence are never negative in these files. */
const pounds = (pence: number) => formatPounds(pence);

/** The row's fields a cell can hold as they are (text, numbers), by name. */
type CellField<Row> = { [K in keyof Row]: Row[K] extends Cell ? K : never }[keyof Row] & string;

/** A column that is the row's field of the same name, as read. */
function field<Row>(name: CellField<Row>): Column<Row> {
  return [name, (row) => row[name] as Cell];
}

/** A time's two columns (docs/exports.md, "Times"): `<name>_utc`, then `<name>_uk`. */
function times<Row>(name: string, at: (row: Row) => Date | null): Column<Row>[] {
  return [
    [`${name}_utc`, (row) => utcTime(at(row))],
    [`${name}_uk`, (row) => ukTime(at(row))],
  ];
}

/** orders.csv: one row per participant's share (docs/exports.md, "orders.csv"). */
export const ORDER_COLUMNS: readonly Column<OrderExportRow>[] = [
  field('order_reference'),
  field('split_id'),
  field('session_token'),
  field('split_status'),
  ['currency', (r) => r.currency.toUpperCase()],
  ['order_total', (r) => pounds(r.total_amount)],
  ...times<OrderExportRow>('created_at', (r) => r.created_at),
  ['participant', (r) => r.position + 1],
  ['participant_email', (r) => r.email],
  field('participant_status'),
  ['share', (r) => pounds(r.amount)],
  ['customer_fee', (r) => pounds(r.customer_fee)],
  ['merchant_fee', (r) => pounds(r.merchant_fee)],
  ['service_fee', (r) => pounds(r.customer_fee + r.merchant_fee)],
  ['refunded', (r) => pounds(r.refunded_amount)],
  ...times<OrderExportRow>('captured_at', (r) => r.captured_at),
  ['payment_intent_id', (r) => r.processor_payment_intent_id],
  ['charge_id', (r) => r.processor_charge_id],
  // Added last, so a spreadsheet reading the columns by position still works: `Apple Pay (Visa ••••4242)`.
  ['card', (r) => cardLabel({ brand: r.card_brand, last4: r.card_last4, wallet: r.card_wallet })],
];

/** refunds.csv: one row per participant's slice of a refund (docs/exports.md, "refunds.csv"). */
export const REFUND_COLUMNS: readonly Column<RefundExportRow>[] = [
  field('refund_id'),
  field('split_id'),
  field('order_reference'),
  ['currency', (r) => r.currency.toUpperCase()],
  ...times<RefundExportRow>('requested_at', (r) => r.created_at),
  ...times<RefundExportRow>('completed_at', (r) => r.completed_at),
  field('refund_status'),
  field('source'),
  field('actor'),
  field('reason'),
  ['participant', (r) => r.position + 1],
  ['participant_email', (r) => r.email],
  field('slice_status'),
  ['amount', (r) => pounds(r.amount)],
  ['customer_fee_returned', (r) => pounds(r.slice_customer_fee)],
  // The whole application fee (customer + merchant fee) goes back with the share's completing slice (docs/refunds.md).
  [
    'service_fee_reversed',
    (r) => pounds(r.application_fee_refunded ? r.participant_customer_fee + r.participant_merchant_fee : 0),
  ],
  field('processor_refund_id'),
  ['payment_intent_id', (r) => r.processor_payment_intent_id],
];
