import type { Insertable, Selectable } from 'kysely';
import type {
  RefundFailure,
  RefundStatus,
  SplitDisputesTable,
  SplitRefundSlicesTable,
  SplitRefundsTable,
} from '../schema/refunds';
import type { Db } from '../types';
import { whereKey } from './query-helpers';

export type NewRefund = Insertable<SplitRefundsTable>;
export type NewRefundSlice = Insertable<SplitRefundSlicesTable>;
export type RefundSliceRow = Selectable<SplitRefundSlicesTable>;

/**
 * The refund and dispute writes of the worker: `split_refunds` (one row per refund however made),
 * `split_refund_slices` (one processor refund per participant of a refund) and `split_disputes`.
 * Readers of refunds use SplitsRepository. Pass a transaction as `db` to work inside it.
 */
export class SplitRefundsRepository {
  constructor(private readonly db: Db) {}

  /** A refund and its slices, written together. */
  async begin(refund: NewRefund, slices: NewRefundSlice[]) {
    await this.db.insertInto('split_refunds').values(refund).execute();
    if (slices.length > 0) await this.db.insertInto('split_refund_slices').values(slices).execute();
  }

  /** The participants of a refund's slices, in slice order (none when the refund was never begun). */
  async sliceParticipants(refundId: string): Promise<string[]> {
    const rows = await whereKey(this.db, 'split_refund_slices', { refund_id: refundId })
      .select('participant_id')
      .orderBy('position')
      .execute();
    return rows.map((row) => row.participant_id);
  }

  /** One slice with what its processor refund needs of the participant and the split. */
  sliceToRefund(splitId: string, refundId: string, participantId: string) {
    return this.db
      .selectFrom('split_refund_slices as s')
      .innerJoin('split_participants as p', 'p.id', 's.participant_id')
      .innerJoin('splits', 'splits.id', 'p.split_id')
      .innerJoin('split_refunds as r', 'r.id', 's.refund_id')
      .select([
        's.amount',
        's.customer_fee',
        's.completes_share',
        's.status',
        's.error',
        'r.failure',
        's.application_fee_refunded',
        'p.amount as share_amount',
        'p.email',
        'p.processor_payment_intent_id',
        'splits.mode',
        'splits.processor_account_id',
      ])
      .where('s.refund_id', '=', refundId)
      .where('s.participant_id', '=', participantId)
      .where('p.split_id', '=', splitId)
      .executeTakeFirst();
  }

  /** A pending slice refused by the processor, and the refused refund's failure on the refund row. */
  async failSlice(refundId: string, participantId: string, failure: RefundFailure) {
    await this.db
      .updateTable('split_refund_slices')
      .set({ status: 'failed', error: failure.error, updated_at: new Date() })
      .where('refund_id', '=', refundId)
      .where('participant_id', '=', participantId)
      .where('status', '=', 'pending')
      .execute();
    await this.db
      .updateTable('split_refunds')
      .set({ failure: JSON.stringify(failure) })
      .where('id', '=', refundId)
      .execute();
  }

  /** A pending slice made at the processor; returns whether it moved (false: a retried step). */
  async succeedSlice(refundId: string, participantId: string, processorRefundId: string): Promise<boolean> {
    const moved = await this.db
      .updateTable('split_refund_slices')
      .set({ status: 'succeeded', processor_refund_id: processorRefundId, updated_at: new Date() })
      .where('refund_id', '=', refundId)
      .where('participant_id', '=', participantId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) > 0;
  }

  /** The rest of the application fee went back with this slice. */
  async markFeeReversed(refundId: string, participantId: string) {
    await this.db
      .updateTable('split_refund_slices')
      .set({ application_fee_refunded: true, updated_at: new Date() })
      .where('refund_id', '=', refundId)
      .where('participant_id', '=', participantId)
      .execute();
  }

  /** The refund row, locked until the transaction ends. */
  lockRefund(refundId: string) {
    return whereKey(this.db, 'split_refunds', { id: refundId }).selectAll().forUpdate().executeTakeFirstOrThrow();
  }

  findRefund(refundId: string) {
    return this.db.selectFrom('split_refunds').selectAll().where('id', '=', refundId).executeTakeFirstOrThrow();
  }

  slicesOf(refundId: string): Promise<RefundSliceRow[]> {
    return this.db.selectFrom('split_refund_slices').selectAll().where('refund_id', '=', refundId).execute();
  }

  /** A refund's end: what came back, its status and the result a repeated idempotency key replays. */
  async finish(refundId: string, outcome: { refunded: number; status: RefundStatus; result: Record<string, unknown> }) {
    await this.db
      .updateTable('split_refunds')
      .set({
        refunded: outcome.refunded,
        status: outcome.status,
        result: JSON.stringify(outcome.result),
        completed_at: new Date(),
      })
      .where('id', '=', refundId)
      .execute();
  }

  /** The result stored on a refund row (a processor refund's, written once the split is settled). */
  async setResult(refundId: string, result: Record<string, unknown>) {
    await this.db
      .updateTable('split_refunds')
      .set({ result: JSON.stringify(result) })
      .where('id', '=', refundId)
      .execute();
  }

  /** The processor refund ids already recorded for a participant (made here, or synced before). */
  async processorRefundIds(participantId: string): Promise<Set<string | null>> {
    const rows = await this.participantSlices(participantId)
      .select('processor_refund_id')
      .where('processor_refund_id', 'is not', null)
      .execute();
    return new Set(rows.map((row) => row.processor_refund_id));
  }

  /** The participant's latest refund made in the processor's dashboard, and whether its fee went back. */
  lastProcessorRefundSlice(participantId: string) {
    return this.db
      .selectFrom('split_refund_slices as s')
      .innerJoin('split_refunds as r', 'r.id', 's.refund_id')
      .select(['s.refund_id', 's.application_fee_refunded'])
      .where('s.participant_id', '=', participantId)
      .where('r.source', '=', 'processor')
      .orderBy('r.created_at', 'desc')
      .executeTakeFirst();
  }

  /** Whether any slice of the participant's has had the application fee reversed. */
  async feeReversed(participantId: string): Promise<boolean> {
    const row = await this.participantSlices(participantId)
      .select('refund_id')
      .where('application_fee_refunded', '=', true)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The participant's slices, across all its refunds: the start of the per-participant questions above. */
  private participantSlices(participantId: string) {
    return this.db.selectFrom('split_refund_slices').where('participant_id', '=', participantId);
  }

  /** A dispute, once per processor dispute id. */
  async recordDispute(dispute: Insertable<SplitDisputesTable>) {
    await this.db
      .insertInto('split_disputes')
      .values(dispute)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}
