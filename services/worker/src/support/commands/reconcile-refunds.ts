import {
  eventSessionOf,
  formatPounds,
  type ProcessorRefund,
  type ReconciledEvent,
  type ReconciledRefund,
  type ReconcilePlan,
  type RefundSlice,
  refundIdForProcessorRefund,
  type SplitRow,
  sliceRefund,
  splitEventData,
  webhookEventIdFor,
} from '@groupsplit/shared';
import type { RefundWorkflowInput, RefundWorkflowResult, SplitWorkflowState } from '@groupsplit/workflows';

/**
 * What the refund workflow's own history says of its slices: the participants `beginRefund` sliced the
 * refund for, in order, and what each `refundSlice` answered (`lost`: the activity itself failed, so the
 * slice stayed pending). A participant with no answer was never tried (a refusal before it stopped the rest).
 */
export type RefundSlicesRun = {
  participantIds: string[];
  /** A refusal's processor message and error code (null: none, or a history from before the code was kept). */
  outcomes: Map<string, { outcome: 'succeeded' | 'failed' | 'lost'; error: string | null; code: string | null }>;
};

/** One refund child workflow (`refund:<splitId>:<refundId>`) the restored database has no row for. */
export type RefundRun = {
  input: RefundWorkflowInput;
  /** Null while it still runs. */
  result: RefundWorkflowResult | null;
  startedAt: Date;
  closedAt: Date | null;
  /** Null when its history does not say (it refused to start, or the history could not be read). */
  slices?: RefundSlicesRun | null;
  /**
   * `split_workflow`: its own workflow is past Temporal's retention, and this is what the split workflow's
   * history says of it (the child's input, answer and times; never its slices). Absent: its own workflow's.
   */
  from?: 'split_workflow';
};

/** A refund the split workflow's history says finished: `actor` is `api_key` or `dashboard:<user id>`. */
export type FinishedRefund = { actor: string; at: string; source: 'api' | 'dashboard' };

/**
 * The refunds the split workflow's history says finished, by refund id. The source is the trigger of the
 * status move the refund made (noted just before it finished); a refund that moved no status is an API
 * one (a dashboard refund starts from `captured`, so it always moves the split).
 */
export function refundsFinished(state: SplitWorkflowState): Map<string, FinishedRefund> {
  const finished = new Map<string, FinishedRefund>();
  state.history.forEach((h, i) => {
    if (h.kind !== 'refund_finished' || !h.note) return;
    const moved = state.history[i - 1];
    const dashboard = moved?.kind === 'status' && moved.trigger === 'refund_dashboard';
    finished.set(h.note, { actor: h.actor, at: h.at, source: dashboard ? 'dashboard' : 'api' });
  });
  return finished;
}

/** What the processor and the refund workflows say about the split's refunds. */
export type RefundTruth = {
  /** Every refund on each paid participant's charge (ours carry `refund_id` in their metadata); absent: unreadable. */
  processorRefunds: Map<string, ProcessorRefund[]>;
  /** The refund child workflows of refund ids the database lacks, by refund id. */
  runs: Map<string, RefundRun>;
  /**
   * The split workflow's `refund_finished` entries, by refund id (refundsFinished): who asked, when it
   * finished, and its source. What a refund past Temporal's retention is rebuilt with beside the processor.
   */
  finished?: Map<string, FinishedRefund>;
};

/** The split's refund rows the restored database has; `inProgress`: those it has still running (the refund ran across the backup). */
export type RefundsInDatabase = { refundIds: Set<string>; inProgress: Set<string>; processorRefundIds: Set<string> };

/** A refund of ours the database lacks, or has only as it was when the backup caught it running. */
const lostRefund = (db: RefundsInDatabase, refundId: string) =>
  !db.refundIds.has(refundId) || db.inProgress.has(refundId);

type Share = { id: string; email: string; amount: number; status: string; customerFee: number };
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
 * (`refunded:<refund id>`). Our refunds come from their child workflow's input, result and history (a
 * slice the processor refused: the failed slice, the refund's `failure`, the `refund_refused` row; the
 * slices after it, never tried, `pending`) and the processor refunds carrying their `refund_id`; one whose
 * child workflow is past Temporal's retention from what the split workflow's history says it started the
 * child with and what the child answered (`from: 'split_workflow'`), else from those processor refunds and
 * the split workflow's note of it (refundsFinished); refunds made in the processor's dashboard from the
 * processor alone. Event data
 * is the order as it stood right after each refund.
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
    const before = new Map(soFar);
    for (const p of pieces) soFar.set(p.participantId, (soFar.get(p.participantId) ?? 0) + p.share);
    if (!m.lost) continue;
    // A capture rollback's refund (rollback-<split id>): not a refund row; the participant's status says it.
    if (m.ours && !m.run && m.refundId.startsWith('rollback-')) continue;
    if (m.run && !m.run.result) {
      out.notes.push(`refund ${m.refundId} is still running; run reconcile again`);
      continue;
    }
    const replaces = db.inProgress.has(m.refundId);
    if (m.run?.result && m.run.result.kind !== 'finished' && m.run.result.kind !== 'failed') continue;
    // Ours, with its refund workflow gone (past Temporal's retention): rebuilt from the processor's refunds
    // (their metadata names the refund and the participant) and the split workflow's note of who asked.
    const processorOnly = m.ours && !m.run;
    const named = processorOnly ? (truth.finished?.get(m.refundId) ?? null) : null;
    const outstandingBefore = shares
      .filter((s) => paidIds.has(s.id))
      .reduce((sum, s) => sum + Math.max(0, s.amount - (before.get(s.id) ?? 0)), 0);
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
    const who = input
      ? { source: input.source, actor: input.actor, actorDetail: input.actorDetail }
      : processorOnly
        ? askedBy(named)
        : { source: 'processor' as const, actor: 'processor', actorDetail: 'processor' };
    // A refund made in the processor's dashboard: no earlier than the refund of ours before it.
    const madeAt = new Date(m.at);
    const closedAt = m.run?.closedAt ?? (named ? new Date(named.at) : madeAt);
    const startedAt = m.run?.startedAt ?? madeAt;
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
    const restored = { restored_by: actor };

    // The slices: those the processor made, and, from the refund workflow's history, the one it refused
    // and those after it never tried (pending), as beginRefund sliced them.
    type Slice = ReconciledRefund['slices'][number];
    const slices: Slice[] = pieces.map((p, position) => succeeded(m.refundId, p, position));
    const refused: {
      participantId: string;
      email: string;
      amount: number;
      error: string | null;
      code: string | null;
    }[] = [];
    const sliced = m.run?.slices;
    if (sliced && input) {
      const planned = slicesAsBegun(
        amount,
        shares
          .filter((s) => paidIds.has(s.id))
          .map((s) => ({ id: s.id, outstanding: s.amount - (before.get(s.id) ?? 0) })),
      );
      slices.length = 0;
      sliced.participantIds.forEach((participantId, position) => {
        const made = pieces.filter((p) => p.participantId === participantId);
        for (const p of made) {
          slices.push(succeeded(m.refundId, p, position));
        }
        const plan = planned.find((x) => x.participantId === participantId);
        if (made.length > 0 || !plan) return;
        const share = shares.find((s) => s.id === participantId);
        const answer = sliced.outcomes.get(participantId);
        const failed = answer?.outcome === 'failed';
        slices.push({
          refund_id: m.refundId,
          participant_id: participantId,
          position,
          amount: plan.amount,
          customer_fee: plan.completesShare ? (share?.customerFee ?? 0) : 0,
          completes_share: plan.completesShare,
          status: failed ? ('failed' as const) : ('pending' as const),
          processor_refund_id: null,
          application_fee_refunded: false,
          error: failed ? (answer?.error ?? null) : null,
          created_at: startedAt,
          updated_at: failed ? closedAt : startedAt,
        });
        if (failed) {
          refused.push({
            participantId,
            email: share?.email ?? '',
            amount: plan.amount,
            error: answer?.error ?? null,
            code: answer?.code ?? null,
          });
        }
      });
      // A processor refund of this refund for a participant beginRefund did not name: kept all the same.
      for (const p of pieces) {
        if (sliced.participantIds.includes(p.participantId)) continue;
        slices.push(succeeded(m.refundId, p, slices.length));
      }
    }
    const failure = refused[0]
      ? {
          participant_id: refused[0].participantId,
          email: refused[0].email,
          amount: refused[0].amount,
          error: refused[0].error ?? '',
          code: refused[0].code,
        }
      : null;

    out.refunds.push({
      refund: {
        id: m.refundId,
        split_id: splitId,
        merchant_id: split.merchant_id,
        mode: split.mode,
        source: who.source,
        actor: who.actor,
        actor_detail: who.actorDetail,
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
        failure: failure ? JSON.stringify(failure) : null,
        created_at: startedAt,
        completed_at: closedAt,
      },
      slices,
      ...(replaces ? { replaces } : {}),
    });
    const sliceCount = `${slices.length} slice${slices.length === 1 ? '' : 's'}`;
    const refusedText = refused.map((r) => `, refused for participant ${r.participantId} (${r.error ?? 'no answer'})`);
    out.changes.push(
      `refund ${m.refundId} (${who.source}, ${status}, ${formatPounds(amountBack)} back) ${replaces ? 'finished (in progress in the database)' : 'recreated'} with ${sliceCount}${refusedText.join('')}`,
    );
    if (processorOnly) {
      out.changes.push(
        `refund ${m.refundId}: rebuilt from the processor only (its refund workflow is past Temporal's retention)` +
          `${named ? `; asked by ${named.actor} (the split workflow's note)` : '; who asked is unknown (assumed an API key)'}` +
          '; reason, requested amount, idempotency key and API key unknown; status assumed complete (a refused slice is not at the processor)',
      );
    } else if (m.run?.from === 'split_workflow') {
      out.changes.push(
        `refund ${m.refundId}: rebuilt from the split workflow's history (its refund workflow is past Temporal's ` +
          'retention): who asked, the amount asked for, the reason, the idempotency key and the outcome; the slices that moved money from the processor' +
          (status === 'partial'
            ? "; which participant's slice the processor refused, its message and code are unknown (in the refund workflow's history only): no failed slice and no failure written"
            : ''),
      );
    } else if (status === 'partial' && input && !sliced) {
      out.notes.push(
        `refund ${m.refundId} stopped part-way: its workflow's history did not say which slice was refused`,
      );
    }

    // History rows, with the dedupe keys the activities use.
    const rebuilt = processorOnly ? { ...restored, rebuilt_from: 'processor' } : restored;
    if (m.ours) {
      out.history.push({
        splitId,
        kind: 'refund_started',
        actor: who.actorDetail,
        dedupeKey: `refund_started:${m.refundId}`,
        detail: { refund_id: m.refundId, amount, reason, source: who.source, ...rebuilt },
        at: startedAt,
      });
    }
    for (const p of pieces) {
      const at = new Date(p.refund.created);
      if (m.ours) {
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
            ...rebuilt,
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
    for (const r of refused) {
      out.history.push({
        splitId,
        participantId: r.participantId,
        kind: 'refund_refused',
        actor: 'processor',
        dedupeKey: `refund_refused:${m.refundId}:${r.participantId}`,
        detail: { refund_id: m.refundId, amount: r.amount, error: r.error, code: r.code, ...restored },
        at: closedAt,
      });
    }
    if (m.ours) {
      out.history.push({
        splitId,
        kind: status === 'complete' ? 'refund_complete' : 'refund_partial',
        actor: who.actorDetail,
        dedupeKey: `refund_finished:${m.refundId}`,
        detail: { refund_id: m.refundId, amount, refunded: amountBack, ...rebuilt },
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
              actor: who.actor,
            },
          }),
        },
      });
      out.changes.push(`outbox: checkout_split.refunded ${webhookEventIdFor(dedupeKey)} (${dedupeKey})`);
    }
  }

  // Refunds the split workflow finished that left nothing to rebuild from: no refund workflow any more
  // (retention) and no processor refund (refused before any slice moved money).
  for (const [refundId] of truth.finished ?? []) {
    if (groups.has(refundId) || !lostRefund(db, refundId)) continue;
    out.notes.push(
      `refund ${refundId}: its refund workflow is past Temporal's retention and the processor has no refund of it (no money moved); its row is not rebuilt`,
    );
  }
  return out;
}

/** Who asked for a refund of ours, from the split workflow's `refund_finished` note; none: an API key, assumed. */
function askedBy(named: FinishedRefund | null): { source: 'api' | 'dashboard'; actor: string; actorDetail: string } {
  const source = named?.source ?? 'api';
  if (named?.actor.startsWith('dashboard:')) {
    return { source, actor: named.actor, actorDetail: `user:${named.actor.slice('dashboard:'.length)}` };
  }
  // An API key refund's row names the key (`api_key:<key id>`); the note does not.
  return { source, actor: 'api_key', actorDetail: 'api_key' };
}

/** The slices beginRefund made of `amount` over what each paid share still had outstanding then. */
function slicesAsBegun(amount: number, shares: { id: string; outstanding: number }[]): RefundSlice[] {
  try {
    return sliceRefund(
      amount,
      shares.map((s) => ({ participantId: s.id, outstanding: Math.max(0, s.outstanding) })),
    );
  } catch {
    return [];
  }
}

/** The slice row of one processor refund of ours: moved, with the fee reversed with (or right after) the completing slice. */
function succeeded(refundId: string, p: Placed, position: number): ReconciledRefund['slices'][number] {
  return {
    refund_id: refundId,
    participant_id: p.participantId,
    position,
    amount: p.share,
    customer_fee: p.customerFee,
    completes_share: p.completesShare,
    status: 'succeeded',
    processor_refund_id: p.refund.id,
    application_fee_refunded: p.completesShare,
    created_at: new Date(p.refund.created),
    updated_at: new Date(p.refund.created),
  };
}
