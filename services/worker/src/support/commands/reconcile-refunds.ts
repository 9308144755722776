import {
  eventSessionOf,
  formatPounds,
  type ProcessorRefund,
  type ReconciledEvent,
  type ReconciledRefund,
  type ReconcilePlan,
  refundIdForProcessorRefund,
  type SplitRow,
  splitEventData,
  webhookEventIdFor,
} from '@groupsplit/shared';
import type { RefundWorkflowInput, RefundWorkflowResult, SplitWorkflowState } from '@groupsplit/workflows';

/** One refund child workflow (`refund:<splitId>:<refundId>`) the restored database has no row for. */
export type RefundRun = {
  input: RefundWorkflowInput;
  /** Null while it still runs. */
  result: RefundWorkflowResult | null;
  startedAt: Date;
  closedAt: Date | null;
};

/** What the processor and the refund workflows say about the split's refunds. */
export type RefundTruth = {
  /** Every refund on each paid participant's charge (ours carry `refund_id` in their metadata); absent: unreadable. */
  processorRefunds: Map<string, ProcessorRefund[]>;
  /** The refund child workflows of refund ids the database lacks, by refund id. */
  runs: Map<string, RefundRun>;
};

/** The split's refund rows the restored database has; `inProgress`: those it has still running (the refund ran across the backup). */
export type RefundsInDatabase = { refundIds: Set<string>; inProgress: Set<string>; processorRefundIds: Set<string> };

/** A refund of ours the database lacks, or has only as it was when the backup caught it running. */
const lostRefund = (db: RefundsInDatabase, refundId: string) =>
  !db.refundIds.has(refundId) || db.inProgress.has(refundId);

type Share = { id: string; email: string; amount: number; status: string };
type SplitFields = Pick<
  SplitRow,
  'id' | 'merchant_id' | 'mode' | 'order_reference' | 'currency' | 'total_amount' | 'session_token' | 'session_context'
>;

const counts = (r: ProcessorRefund) => r.status !== 'failed' && r.status !== 'canceled';

/** The refund ids the workflow's history names (`refund_finished` notes) and our processor refunds carry. */
export function refundIdsToLookUp(
  state: SplitWorkflowState,
  processorRefunds: RefundTruth['processorRefunds'],
  db: RefundsInDatabase,
): string[] {
  const ids = new Set<string>();
  for (const h of state.history) if (h.kind === 'refund_finished' && h.note) ids.add(h.note);
  for (const list of processorRefunds.values()) {
    for (const r of list) if (r.metadata.refund_id && counts(r)) ids.add(r.metadata.refund_id);
  }
  return [...ids].filter((id) => lostRefund(db, id)).sort();
}

/** One processor refund placed on the participant's running total: how much of it was share, how much fee. */
type Placed = {
  refund: ProcessorRefund;
  participantId: string;
  share: number;
  customerFee: number;
  completesShare: boolean;
  /** The refund row it belongs to: ours by metadata, else the id derived from the processor's. */
  refundId: string;
  ours: boolean;
};

export type PlannedRefunds = {
  refunds: ReconciledRefund[];
  history: ReconcilePlan['history'];
  events: ReconciledEvent[];
  changes: string[];
  notes: string[];
};

/**
 * The refunds made after the restore point, rebuilt: each refund row with its succeeded slices (one per
 * processor refund, split into share and customer fee the way the activities do, the share first),
 * its history rows and its `checkout_split.refunded` event under the id it was sent with
 * (`refunded:<refund id>`). Our refunds come from their child workflow's input and result and the
 * processor refunds carrying their `refund_id`; refunds made in the processor's dashboard from the
 * processor alone. Event data is the order as it stood right after each refund.
 */
export function planRefunds(
  truth: RefundTruth,
  db: RefundsInDatabase,
  split: SplitFields,
  shares: readonly Share[],
  paidIds: ReadonlySet<string>,
  actor: string,
): PlannedRefunds {
  const out: PlannedRefunds = { refunds: [], history: [], events: [], changes: [], notes: [] };
  const splitId = split.id;

  // Each participant's refunds oldest first, placed on their running total. The processor lists them
  // newest first, and its `created` is in whole seconds, so ties keep the list's order.
  const placed: Placed[] = [];
  for (const [participantId, list] of truth.processorRefunds) {
    const share = shares.find((s) => s.id === participantId);
    if (!share) continue;
    const oldestFirst = list
      .map((refund, index) => ({ refund, index }))
      .filter(({ refund }) => counts(refund))
      .sort((a, b) => a.refund.created.localeCompare(b.refund.created) || b.index - a.index);
    let before = 0;
    for (const { refund } of oldestFirst) {
      const part = Math.min(refund.amount, Math.max(0, share.amount - before));
      placed.push({
        refund,
        participantId,
        share: part,
        customerFee: refund.amount - part,
        completesShare: part > 0 && before + part === share.amount,
        refundId: refund.metadata.refund_id ?? refundIdForProcessorRefund(refund.id),
        ours: !!refund.metadata.refund_id,
      });
      before += part;
    }
  }

  // Every refund (row), ordered: ours by when their workflow started; one made in the processor's
  // dashboard after whichever of ours precedes it on the same charge (whole seconds cannot say).
  type Group = { refundId: string; at: number; slices: Placed[]; run: RefundRun | null; ours: boolean; lost: boolean };
  const groups = new Map<string, Group>();
  const groupOf = (p: Placed) => {
    let g = groups.get(p.refundId);
    if (!g) {
      const run = truth.runs.get(p.refundId) ?? null;
      g = {
        refundId: p.refundId,
        at: run ? +run.startedAt : Date.parse(p.refund.created),
        slices: [],
        run,
        ours: p.ours,
        lost: p.ours ? lostRefund(db, p.refundId) : !db.processorRefundIds.has(p.refund.id),
      };
      groups.set(p.refundId, g);
    }
    return g;
  };
  for (const p of placed) if (p.ours) groupOf(p).slices.push(p);
  for (const [participantId] of truth.processorRefunds) {
    let after = 0;
    for (const p of placed.filter((x) => x.participantId === participantId)) {
      if (p.ours) {
        const g = groups.get(p.refundId)!;
        after = Math.max(after, (g.run?.closedAt ? +g.run.closedAt : g.at) + 1);
      } else {
        const g = groupOf(p);
        g.slices.push(p);
        g.at = Math.max(g.at, after);
      }
    }
  }
  for (const [refundId, run] of truth.runs) {
    if (!groups.has(refundId) && lostRefund(db, refundId)) {
      groups.set(refundId, { refundId, at: +run.startedAt, slices: [], run, ours: true, lost: true });
    }
  }
  const ordered = [...groups.values()].sort((a, b) => a.at - b.at || a.refundId.localeCompare(b.refundId));

  // Running totals as each refund lands, so each event shows the order as it was then.
  const soFar = new Map<string, number>(shares.map((s) => [s.id, 0]));
  for (const m of ordered) {
    const pieces = m.slices;
    for (const p of pieces) soFar.set(p.participantId, (soFar.get(p.participantId) ?? 0) + p.share);
    if (!m.lost) continue;
    if (m.ours && !m.run) {
      out.notes.push(
        `refund ${m.refundId}: the processor has it but its refund workflow was not found (retention?); left alone`,
      );
      continue;
    }
    if (m.run && !m.run.result) {
      out.notes.push(`refund ${m.refundId} is still running; run reconcile again`);
      continue;
    }
    const replaces = db.inProgress.has(m.refundId);
    if (m.run?.result && m.run.result.kind !== 'finished' && m.run.result.kind !== 'failed') continue;
    const outstandingBefore = shares
      .filter((s) => paidIds.has(s.id))
      .reduce(
        (sum, s) =>
          sum +
          Math.max(
            0,
            s.amount -
              (soFar.get(s.id) ?? 0) +
              pieces.filter((p) => p.participantId === s.id).reduce((a, p) => a + p.share, 0),
          ),
        0,
      );
    const amountBack = pieces.reduce((sum, p) => sum + p.share, 0);
    const statusAfter = (s: Share) => {
      if (!paidIds.has(s.id)) return s.status;
      return (soFar.get(s.id) ?? 0) >= s.amount ? 'refunded' : 'captured';
    };
    const paid = shares.filter((s) => paidIds.has(s.id));
    const splitStatusAfter =
      paid.length > 0 && paid.every((s) => statusAfter(s) === 'refunded') ? 'refunded' : 'partially_refunded';
    const result = m.run?.result;
    const status: 'complete' | 'partial' = m.run
      ? result?.kind === 'finished'
        ? result.status
        : 'partial'
      : 'complete';
    const input = m.run?.input;
    // A refund made in the processor's dashboard: no earlier than the refund of ours before it.
    const madeAt = new Date(m.at);
    const closedAt = m.run?.closedAt ?? madeAt;
    const startedAt = m.run?.startedAt ?? madeAt;
    const refundActor = input?.actor ?? 'processor';
    const actorDetail = input?.actorDetail ?? 'processor';
    const reason = input?.reason ?? null;
    const requested = input ? input.amount : null;
    const amount = input ? (requested ?? (status === 'complete' ? amountBack : outstandingBefore)) : amountBack;
    const participantsAfter = shares.map((s) => ({
      id: s.id,
      email: s.email,
      amountPence: s.amount,
      status: statusAfter(s),
      refundedPence: soFar.get(s.id) ?? 0,
    }));
    const totalRefunded = participantsAfter.reduce((sum, p) => sum + p.refundedPence, 0);
    out.refunds.push({
      refund: {
        id: m.refundId,
        split_id: splitId,
        merchant_id: split.merchant_id,
        mode: split.mode,
        source: input?.source ?? 'processor',
        actor: refundActor,
        actor_detail: actorDetail,
        requested_amount: requested,
        amount,
        refunded: amountBack,
        status,
        reason,
        idempotency_key: input?.idempotencyKey ?? null,
        result: JSON.stringify({
          refund_id: m.refundId,
          split_id: splitId,
          amount: formatPounds(amount),
          refunded: formatPounds(amountBack),
          total_refunded: formatPounds(totalRefunded),
          total_amount: formatPounds(split.total_amount),
          status: result?.kind === 'finished' ? result.splitStatus : splitStatusAfter,
          reason,
          participants: participantsAfter.map((p) => ({
            email: p.email,
            amount: formatPounds(p.amountPence),
            refunded_amount: formatPounds(p.refundedPence),
            status: p.status,
          })),
        }),
        created_at: startedAt,
        completed_at: closedAt,
      },
      slices: pieces.map((p, position) => ({
        refund_id: m.refundId,
        participant_id: p.participantId,
        position,
        amount: p.share,
        customer_fee: p.customerFee,
        completes_share: p.completesShare,
        status: 'succeeded' as const,
        processor_refund_id: p.refund.id,
        // The activity reverses the fee with (or right after) the completing slice.
        application_fee_refunded: p.completesShare,
        created_at: new Date(p.refund.created),
        updated_at: new Date(p.refund.created),
      })),
      ...(replaces ? { replaces } : {}),
    });
    out.changes.push(
      `refund ${m.refundId} (${input?.source ?? 'processor'}, ${status}, ${formatPounds(amountBack)} back) ${replaces ? 'finished (in progress in the database)' : 'recreated'} with ${pieces.length} slice${pieces.length === 1 ? '' : 's'}`,
    );
    if (status === 'partial' && input) {
      out.notes.push(`refund ${m.refundId} stopped part-way: the refused slice's error is not at the processor`);
    }

    // History rows, with the dedupe keys the activities use.
    const restored = { restored_by: actor };
    if (input) {
      out.history.push({
        splitId,
        kind: 'refund_started',
        actor: actorDetail,
        dedupeKey: `refund_started:${m.refundId}`,
        detail: { refund_id: m.refundId, amount, reason, source: input.source, ...restored },
        at: startedAt,
      });
    }
    for (const p of pieces) {
      const at = new Date(p.refund.created);
      if (input) {
        out.history.push({
          splitId,
          participantId: p.participantId,
          kind: 'refunded',
          actor: 'system',
          dedupeKey: `refunded:${m.refundId}:${p.participantId}`,
          ...(p.completesShare ? { from: 'captured', to: 'refunded' } : {}),
          detail: {
            refund_id: m.refundId,
            amount: p.share,
            customer_fee: p.customerFee,
            processor_refund_id: p.refund.id,
            ...restored,
          },
          at,
        });
      } else {
        out.history.push({
          splitId,
          participantId: p.participantId,
          kind: 'processor_refund',
          actor: 'processor',
          dedupeKey: `processor_refund:${p.refund.id}`,
          detail: { refund_id: m.refundId, processor_refund_id: p.refund.id, amount: p.refund.amount, ...restored },
          at,
        });
        if (p.completesShare) {
          out.history.push({
            splitId,
            participantId: p.participantId,
            kind: 'refunded',
            actor: 'processor',
            dedupeKey: `processor_refunded:${p.participantId}`,
            from: 'captured',
            to: 'refunded',
            detail: restored,
            at,
          });
        }
      }
    }
    if (input) {
      out.history.push({
        splitId,
        kind: status === 'complete' ? 'refund_complete' : 'refund_partial',
        actor: actorDetail,
        dedupeKey: `refund_finished:${m.refundId}`,
        detail: { refund_id: m.refundId, amount, refunded: amountBack, ...restored },
        at: closedAt,
      });
    }

    // The merchant heard of every refund that moved money.
    if (amountBack > 0) {
      const dedupeKey = `refunded:${m.refundId}`;
      out.events.push({
        id: webhookEventIdFor(dedupeKey),
        merchantId: split.merchant_id,
        mode: split.mode,
        type: 'checkout_split.refunded',
        dedupeKey,
        createdAt: closedAt,
        data: {
          ...splitEventData({
            split: {
              id: splitId,
              status: splitStatusAfter,
              orderReference: split.order_reference,
              currency: split.currency,
              totalAmountPence: split.total_amount,
            },
            participants: participantsAfter,
            session: eventSessionOf(split),
            refund: {
              id: m.refundId,
              amountPence: amountBack,
              totalRefundedPence: totalRefunded,
              status,
              reason,
              actor: refundActor,
            },
          }),
        },
      });
      out.changes.push(`outbox: checkout_split.refunded ${webhookEventIdFor(dedupeKey)} (${dedupeKey})`);
    }
  }
  return out;
}
