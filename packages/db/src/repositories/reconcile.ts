import { createHash } from 'node:crypto';
import type { Insertable, Updateable } from 'kysely';
import type { SplitRefundSlicesTable, SplitRefundsTable } from '../schema/refunds';
import type { SplitParticipantsTable, SplitsTable } from '../schema/splits';
import type { Db } from '../types';
import { AuditLogRepository } from './audit-log';
import { type SplitHistoryRow, splitHistoryValues } from './split-history';
import { SplitSeatsRepository } from './split-seats';
import { SplitsRepository } from './splits';

/** A webhook event to put back into the outbox, with the id and dedupe key it was first written with. */
export type ReconciledEvent = {
  id: string;
  merchantId: string;
  mode: 'test' | 'live';
  type: string;
  data: Record<string, unknown>;
  dedupeKey: string;
  createdAt: Date;
};

/**
 * The refund row's id for a refund made in the processor's own dashboard (no `refund_id` of ours in its
 * metadata): derived from the processor's refund id, so the row, its `refunded:<id>` event and that event's
 * id come out the same whether the refund sync or a reconcile after a restore records it.
 */
export function refundIdForProcessorRefund(processorRefundId: string): string {
  const hex = createHash('md5').update(`processor_refund:${processorRefundId}`, 'utf8').digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A refund row and its slices to put back (a refund made after the restore point). */
export type ReconciledRefund = {
  refund: Insertable<SplitRefundsTable>;
  slices: Insertable<SplitRefundSlicesTable>[];
  /** The database has the row still `in_progress` (the refund ran across the backup): replaced, slices and all. */
  replaces?: boolean;
};

/** Everything one split's reconcile writes, in one transaction (support `reconcile`, docs/runbook.md "Restoring"). */
export type ReconcilePlan = {
  splitId: string;
  merchantId: string;
  /** The split's row and shares, when the restored database has no row for it at all. */
  open?: { split: Insertable<SplitsTable>; shares: Insertable<SplitParticipantsTable>[] };
  /** Open seats claimed after the restore point: the participant each became, and the seat marked as theirs. */
  claims?: { seatId: string; participant: Insertable<SplitParticipantsTable> }[];
  /** Columns of the split's row to set (status, awaiting_merchant). */
  split?: Updateable<SplitsTable>;
  participants: { id: string; set: Updateable<SplitParticipantsTable> }[];
  /** Refund rows (with their slices) the restored database lost. */
  refunds?: ReconciledRefund[];
  /** History rows to put back, each at the time the workflow recorded it. */
  history: (SplitHistoryRow & { at: Date })[];
  events: ReconciledEvent[];
  /** The audit row: who ran it and what changed (before and after). */
  audit: { actor: string; before: unknown; after: unknown; dedupeKey: string };
};

/**
 * The writes of support's `reconcile` (rebuilding the projection, the outbox and the split's history
 * from the workflow and the processor after a database restore). Reads are plain; apply() writes one
 * split's plan and its audit row in one transaction, each insert a no-op when its row is there.
 */
export class ReconcileRepository {
  constructor(private readonly db: Db) {}

  split(splitId: string) {
    return this.db.selectFrom('splits').selectAll().where('id', '=', splitId).executeTakeFirst();
  }

  participants(splitId: string) {
    return new SplitsRepository(this.db).participantsOf(splitId);
  }

  /** The split's open seats' rows, claimed or not. */
  seats(splitId: string) {
    return new SplitSeatsRepository(this.db).seatsOf(splitId);
  }

  history(splitId: string) {
    return this.db
      .selectFrom('split_history')
      .select(['kind', 'participant_id', 'from_status', 'to_status', 'dedupe_key'])
      .where('split_id', '=', splitId)
      .execute();
  }

  /** The split's refund rows' ids (and which are still `in_progress`), and the processor refunds its slices have recorded. */
  async refunds(
    splitId: string,
  ): Promise<{ refundIds: Set<string>; inProgress: Set<string>; processorRefundIds: Set<string> }> {
    const rows = await this.db
      .selectFrom('split_refunds as r')
      .leftJoin('split_refund_slices as s', 's.refund_id', 'r.id')
      .select(['r.id', 'r.status', 's.processor_refund_id'])
      .where('r.split_id', '=', splitId)
      .execute();
    return {
      refundIds: new Set(rows.map((r) => r.id)),
      inProgress: new Set(rows.filter((r) => r.status === 'in_progress').map((r) => r.id)),
      processorRefundIds: new Set(rows.flatMap((r) => (r.processor_refund_id ? [r.processor_refund_id] : []))),
    };
  }

  /** Which of these dedupe keys the outbox has. */
  async eventKeys(dedupeKeys: readonly string[]): Promise<Set<string>> {
    if (dedupeKeys.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('webhook_events')
      .select('dedupe_key')
      .where('dedupe_key', 'in', dedupeKeys)
      .execute();
    return new Set(rows.map((r) => r.dedupe_key));
  }

  async apply(plan: ReconcilePlan): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const now = new Date();
      if (plan.open) {
        await trx
          .insertInto('splits')
          .values(plan.open.split)
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        if (plan.open.shares.length > 0) {
          await trx
            .insertInto('split_participants')
            .values(plan.open.shares)
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
        }
      }
      for (const { seatId, participant } of plan.claims ?? []) {
        // The claim's own write: the participant row, then the seat marked as theirs (history rows follow below).
        await new SplitSeatsRepository(trx).claim({ seatId, participant, history: [] });
      }
      for (const { refund, slices, replaces } of plan.refunds ?? []) {
        if (replaces) {
          await trx.deleteFrom('split_refund_slices').where('refund_id', '=', refund.id).execute();
          await trx
            .deleteFrom('split_refunds')
            .where('id', '=', refund.id)
            .where('status', '=', 'in_progress')
            .execute();
        }
        await trx
          .insertInto('split_refunds')
          .values(refund)
          .onConflict((oc) => oc.doNothing())
          .execute();
        if (slices.length > 0) {
          await trx
            .insertInto('split_refund_slices')
            .values(slices)
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
      }
      if (plan.split) {
        await trx
          .updateTable('splits')
          .set({ ...plan.split, updated_at: now })
          .where('id', '=', plan.splitId)
          .execute();
      }
      for (const p of plan.participants) {
        await trx
          .updateTable('split_participants')
          .set({ ...p.set, updated_at: now })
          .where('id', '=', p.id)
          .where('split_id', '=', plan.splitId)
          .execute();
      }
      for (const { at, ...row } of plan.history) {
        await trx
          .insertInto('split_history')
          .values({ ...splitHistoryValues(row), created_at: at })
          .onConflict((oc) => oc.column('dedupe_key').doNothing())
          .execute();
      }
      for (const event of plan.events) {
        await trx
          .insertInto('webhook_events')
          .values({
            id: event.id,
            merchant_id: event.merchantId,
            mode: event.mode,
            type: event.type,
            payload: JSON.stringify(event.data),
            dedupe_key: event.dedupeKey,
            created_at: event.createdAt,
          })
          .onConflict((oc) => oc.column('dedupe_key').doNothing())
          .execute();
      }
      await new AuditLogRepository(trx).record({
        merchantId: plan.merchantId,
        actorUserId: null,
        actorRole: 'support',
        action: 'split.reconcile',
        before: plan.audit.before,
        after: plan.audit.after,
        dedupeKey: plan.audit.dedupeKey,
      });
    });
  }
}
