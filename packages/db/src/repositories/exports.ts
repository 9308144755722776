import { type Compilable, type InferResult, type SqlBool, sql } from 'kysely';
import type { Db } from '../types';

type Mode = 'test' | 'live';

/**
 * Which rows a finance export covers: one business, one mode, and the UK calendar days `from` to
 * `to`, both included (`YYYY-MM-DD`). A day is midnight to midnight in Europe/London, so a
 * period follows the clocks (a BST day starts at 23:00 UTC the evening before). The one place
 * that rule lives (docs/exports.md, "Period").
 */
export type ExportScope = { merchantId: string; mode: Mode; from: string; to: string };

/** Rows fetched from the cursor at a time: memory holds one batch whatever the period's size. */
export const EXPORT_BATCH_ROWS = 1000;

/** A reader that takes longer than this to accept one batch (about 330 KB) has stalled: its export ends. */
export const EXPORT_STALLED_SECONDS = 30;

/** The period's first instant and the instant after its last, as Postgres reads UK days. */
function period(scope: ExportScope) {
  return {
    start: sql<Date>`(${scope.from}::date)::timestamp AT TIME ZONE 'Europe/London'`,
    end: sql<Date>`((${scope.to}::date + 1))::timestamp AT TIME ZONE 'Europe/London'`,
  };
}

/** The rows of one table (`s`: splits, `r`: split_refunds) that the scope covers: its business, its mode, its period. */
function inScope(table: 's' | 'r', scope: ExportScope) {
  const column = (name: 'merchant_id' | 'mode' | 'created_at') => sql.ref(`${table}.${name}`);
  const { start, end } = period(scope);
  return sql<SqlBool>`${column('merchant_id')} = ${scope.merchantId} and ${column('mode')} = ${scope.mode}
    and ${column('created_at')} >= ${start} and ${column('created_at')} < ${end}`;
}

/** The orders export's read: one row per participant's share, its columns named as the row type has them. */
function orderQuery(db: Db, scope: ExportScope) {
  return (
    db
      .selectFrom('splits as s')
      .innerJoin('split_participants as p', 'p.split_id', 's.id')
      .select([
        's.id as split_id',
        's.order_reference',
        's.session_token',
        's.status as split_status',
        's.currency',
        's.total_amount',
        's.created_at',
        'p.position',
        'p.email',
        'p.status as participant_status',
        'p.amount',
        'p.customer_fee',
        'p.merchant_fee',
        'p.refunded_amount',
        'p.authorised_at',
        'p.captured_at',
        'p.processor_payment_intent_id',
        'p.processor_charge_id',
        'p.card_brand',
        'p.card_last4',
        'p.card_wallet',
      ])
      .where(inScope('s', scope))
      // Still placing holds: shown nowhere (splits.ts, STILL_CREATING).
      .where('s.status', '!=', 'creating')
      .orderBy('s.created_at')
      .orderBy('s.id')
      .orderBy('p.position')
  );
}
/** One participant's share of one order: the orders export's row. Pence and timestamps as stored. */
export type OrderExportRow = InferResult<ReturnType<typeof orderQuery>>[number];

/** The refunds export's read: one row per participant's slice of a refund. */
function refundQuery(db: Db, scope: ExportScope) {
  return db
    .selectFrom('split_refunds as r')
    .innerJoin('splits as s', 's.id', 'r.split_id')
    .innerJoin('split_refund_slices as sl', 'sl.refund_id', 'r.id')
    .innerJoin('split_participants as p', 'p.id', 'sl.participant_id')
    .select([
      'r.id as refund_id',
      'r.split_id',
      's.order_reference',
      's.currency',
      'r.source',
      'r.actor',
      'r.status as refund_status',
      'r.reason',
      'r.created_at',
      'r.completed_at',
      'sl.position',
      'p.email',
      'sl.amount',
      'sl.customer_fee as slice_customer_fee',
      'sl.completes_share',
      'sl.status as slice_status',
      'sl.processor_refund_id',
      'sl.application_fee_refunded',
      // The participant's service fees (customer + merchant): what a fee reversal gives back.
      'p.customer_fee as participant_customer_fee',
      'p.merchant_fee as participant_merchant_fee',
      'p.processor_payment_intent_id',
    ])
    .where(inScope('r', scope))
    .orderBy('r.created_at')
    .orderBy('r.id')
    .orderBy('sl.position');
}
/** One participant's slice of one refund: the refunds export's row. */
export type RefundExportRow = InferResult<ReturnType<typeof refundQuery>>[number];

/**
 * Reads for the finance exports (docs/exports.md). Each export is read through one server-side
 * cursor inside a read-only REPEATABLE READ transaction: one consistent snapshot of the period,
 * fetched EXPORT_BATCH_ROWS at a time, so a 100,000-row period costs one batch of memory. Stopping
 * the iteration early (the client went away) rolls the transaction back and frees the connection.
 */
export class ExportsRepository {
  constructor(private readonly db: Db) {}

  /** Visible splits created in the period with their participants, oldest split first, participants in order. */
  orderRows(scope: ExportScope): AsyncGenerator<OrderExportRow[]> {
    return this.batches<OrderExportRow>(orderQuery(this.db, scope));
  }

  /** Refund slices of refunds asked for in the period, oldest refund first, slices in order. */
  refundRows(scope: ExportScope): AsyncGenerator<RefundExportRow[]> {
    return this.batches<RefundExportRow>(refundQuery(this.db, scope));
  }

  private async *batches<Row>(query: Compilable<unknown>): AsyncGenerator<Row[]> {
    const compiled = query.compile();
    const trx = await this.db
      .startTransaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute();
    let done = false;
    try {
      // Every row will be read: plan for the whole result, not the first tenth that a cursor is planned for
      // by default (which chose a nested loop per split, several times slower over a large period).
      await sql`SET LOCAL cursor_tuple_fraction = 1`.execute(trx);
      // A client that stops reading leaves this transaction idle between FETCHes: Postgres ends it
      // after EXPORT_STALLED_SECONDS, freeing the connection (the transfer is cut short).
      await sql`SET LOCAL idle_in_transaction_session_timeout = ${sql.lit(`${EXPORT_STALLED_SECONDS}s`)}`.execute(trx);
      // The cursor's query goes with its parameters (the extended protocol binds them into DECLARE).
      await trx.executeQuery({
        ...compiled,
        sql: `DECLARE export_rows NO SCROLL CURSOR FOR ${compiled.sql}`,
      });
      for (;;) {
        const fetched = await sql<Row>`FETCH ${sql.lit(EXPORT_BATCH_ROWS)} FROM export_rows`.execute(trx);
        if (fetched.rows.length === 0) break;
        yield fetched.rows;
        if (fetched.rows.length < EXPORT_BATCH_ROWS) break;
      }
      done = true;
      await trx.commit().execute();
    } finally {
      if (!done) await trx.rollback().execute();
    }
  }
}
