import type { Hold, ReconcilePlan } from '@groupsplit/shared';
import type { HistoryEntry, SplitWorkflowState } from '@groupsplit/workflows';

/** A history row the restored database holds (what reconcile compares). */
export type HistoryInDatabase = {
  kind: string;
  participant_id: string | null;
  from_status: string | null;
  to_status: string | null;
  dedupe_key: string;
};

/**
 * The split history kinds (`split_history.kind`) reconcile cannot rebuild, and why: what the workflow's
 * state does not tell. Status changes, authorisations and refunds are rebuilt by reconcile-plan.ts and
 * reconcile-refunds.ts; every other kind the state tells, by planOtherHistory below.
 */
export const HISTORY_KINDS_NOT_REBUILT: Readonly<Record<string, string>> = {
  hold_failed: "the workflow's state keeps no entry for a hold the processor refused at creation",
  capture_failed: "the processor's refusal is only in the failed activity, not in the workflow's state",
  payment_declined: 'written by the pay page (checkout), not by the workflow; the decline is not kept anywhere else',
  disputed: 'a chargeback is recorded by its own dispute workflow, not by the split workflow',
  fee_reversal_failed: "written inside a refund workflow's slice; the workflow's state keeps no entry for it",
  replaced_hold_released:
    "the workflow notes only a replaced hold's release that failed, not one that succeeded (nor the hold's id)",
  rollback_refunded: 'a capture rollback refund: the workflow notes only its failure, and the row names the hold found',
  rollback_refund_failed:
    'the workflow notes it only when the activity itself failed, not when it reported the refusal',
};

type PlannedHistory = { history: ReconcilePlan['history']; changes: string[]; notes: string[] };

/**
 * What the split workflow's event history adds to its state (reconcile-plan.ts): each replacement row's
 * detail as the replace wrote it, by dedupe key (`replaced:<participant>:<n>`), each replaced participant's
 * first hold (the one their first replacement replaced), and the address each seat was claimed with.
 */
export type FromSplitHistory = {
  replacedDetails: ReadonlyMap<string, Record<string, unknown>>;
  firstHolds: ReadonlyMap<string, string>;
  /** The address each seat was claimed with (the `seat_claimed` row's detail), by seat id. */
  seatEmails?: ReadonlyMap<string, string>;
};

const RESTORED_KEY_PREFIX = 'restored';

/**
 * The workflow's own kinds whose rows the workflow writes under a dedupe key made of a random uuid
 * (`stuck:<split>:<uuid>`, `support:<split>:<uuid>`, `support_refused:<split>:<uuid>`): reconcile cannot
 * name the lost row's key, so it counts. A restore keeps the oldest rows of a kind and loses the newest,
 * so when the database has n rows of the kind and the workflow m entries, entries n+1..m are written,
 * under `restored:<kind>:<split>:<i>` (i counts the workflow's entries of that kind from 1).
 */
const isCountedKind = (kind: string) => kind === 'stuck' || kind.startsWith('support_');

/**
 * The split's history rows other than status changes, authorisations and refunds, from the workflow's
 * `state` (its `history` entries and participants) and the holds the processor reports, each with the
 * dedupe key its activity writes it under, so a row the restore kept is never written twice. Rows of
 * participants the database has no row for are skipped (a history row names an existing participant).
 */
export function planOtherHistory(
  state: SplitWorkflowState,
  db: { history: HistoryInDatabase[]; participantIds: ReadonlySet<string> },
  holds: ReadonlyMap<string, Hold | null>,
  actor: string,
  replaced: FromSplitHistory = { replacedDetails: new Map(), firstHolds: new Map() },
): PlannedHistory {
  const out: PlannedHistory = { history: [], changes: [], notes: [] };
  const { splitId } = state;
  const keys = new Set(db.history.map((r) => r.dedupe_key));
  const restored = { restored_by: actor };
  const unwritable = new Set<string>();
  const add = (row: ReconcilePlan['history'][number], change: string) => {
    if (keys.has(row.dedupeKey)) return;
    if (row.participantId && !db.participantIds.has(row.participantId)) {
      if (!unwritable.has(row.participantId)) {
        out.notes.push(`history of participant ${row.participantId} not rebuilt (no participant row)`);
      }
      unwritable.add(row.participantId);
      return;
    }
    keys.add(row.dedupeKey);
    out.history.push(row);
    out.changes.push(`history: ${change}`);
  };
  const entries = (kind: string) => state.history.filter((h) => h.kind === kind);
  const statusTo = (to: string) => state.history.find((h) => h.kind === 'status' && h.to === to);

  // hold_placed: each participant's first hold, as the processor reports it. A replaced participant's first
  // hold is gone from the state (the processor's hold is the replacement's): its row keeps the amounts, which
  // a replacement keeps, and the first hold's id when the split workflow's history still has its first
  // replacement (the hold that one replaced).
  for (const w of state.participants) {
    const hold = holds.get(w.id);
    if (!w.paymentIntentId || !hold) continue;
    const firstHold = w.replacements ? (replaced.firstHolds.get(w.id) ?? null) : hold.id;
    // A claimed seat's hold was placed with the claim.
    const claim = [...entries('seat_claimed'), ...entries('seat_covered')].find((h) => h.participantId === w.id);
    add(
      {
        splitId,
        participantId: w.id,
        kind: 'hold_placed',
        actor: 'system',
        dedupeKey: `hold_placed:${w.id}`,
        detail: {
          ...(firstHold ? { payment_intent_id: firstHold } : {}),
          amount: hold.amount,
          application_fee_amount: hold.applicationFeeAmount,
          ...restored,
        },
        at: new Date(claim?.at ?? state.createdAt ?? Date.now()),
      },
      `participant ${w.id} hold_placed`,
    );
  }

  // Seats claimed or covered: the seat's row names the seat (the entry's note).
  for (const h of [...entries('seat_claimed'), ...entries('seat_covered')]) {
    if (!h.participantId || !h.note) continue;
    add(
      {
        splitId,
        participantId: h.participantId,
        kind: h.kind,
        actor: h.actor,
        dedupeKey: `seat_claimed:${h.note}`,
        detail: {
          seat_id: h.note,
          ...(replaced.seatEmails?.has(h.note) ? { email: replaced.seatEmails.get(h.note) } : {}),
          ...restored,
        },
        at: new Date(h.at),
      },
      `participant ${h.participantId} ${h.kind} (seat ${h.note})`,
    );
  }

  // Replacements and covers, numbered per participant as the workflow numbers them (1, 2, …), with the
  // detail the replace wrote when the split workflow's history has it (else the latest's hold only); a
  // replaced hold whose release failed belongs to the replacement before it.
  const replacementsSoFar = new Map<string, number>();
  for (const h of state.history) {
    if (!h.participantId) continue;
    if (h.kind === 'participant_replaced' || h.kind === 'participant_covered') {
      const n = (replacementsSoFar.get(h.participantId) ?? 0) + 1;
      replacementsSoFar.set(h.participantId, n);
      const w = state.participants.find((p) => p.id === h.participantId);
      const latest = w?.replacements === n;
      const dedupeKey = `replaced:${h.participantId}:${n}`;
      const written = replaced.replacedDetails.get(dedupeKey);
      add(
        {
          splitId,
          participantId: h.participantId,
          kind: h.kind,
          actor: h.actor,
          dedupeKey,
          detail: written
            ? { ...written, ...restored }
            : {
                replacement: n,
                ...(latest && w?.paymentIntentId ? { payment_intent_id: w.paymentIntentId } : {}),
                ...restored,
              },
          at: new Date(h.at),
        },
        `participant ${h.participantId} ${h.kind} (replacement ${n})`,
      );
    }
    if (h.kind === 'replaced_hold_release_failed') {
      const n = replacementsSoFar.get(h.participantId) ?? 0;
      if (n === 0) continue;
      add(
        {
          splitId,
          participantId: h.participantId,
          kind: h.kind,
          actor: h.actor,
          dedupeKey: `replaced_hold_release_failed:${h.participantId}:${n}`,
          detail: { replacement: n, error: h.note ?? null, ...restored },
          at: new Date(h.at),
        },
        `participant ${h.participantId} replaced_hold_release_failed (replacement ${n})`,
      );
    }
  }

  // Merchant accept.
  const awaiting = entries('awaiting_merchant')[0];
  if (awaiting) {
    add(
      {
        splitId,
        kind: 'awaiting_merchant',
        actor: 'system',
        dedupeKey: `awaiting_merchant:${splitId}`,
        detail: restored,
        at: new Date(awaiting.at),
      },
      'awaiting_merchant',
    );
  }
  const accepted = entries('merchant_accepted')[0];
  if (accepted) {
    add(
      {
        splitId,
        kind: 'merchant_accepted',
        actor: accepted.actor,
        dedupeKey: `merchant_accepted:${splitId}`,
        detail: restored,
        at: new Date(accepted.at),
      },
      `merchant_accepted by ${accepted.actor}`,
    );
  }

  // Each share's capture, at the split's capture.
  const captured = statusTo('captured');
  if (captured) {
    for (const w of state.participants) {
      if (w.status !== 'captured' && w.status !== 'refunded') continue;
      add(
        {
          splitId,
          participantId: w.id,
          kind: 'captured',
          actor: 'system',
          dedupeKey: `captured:${w.id}`,
          from: 'authorised',
          to: 'captured',
          detail: restored,
          at: new Date(captured.at),
        },
        `participant ${w.id} captured`,
      );
    }
  }

  // Holds released by a cancel or an expiry (the purpose is the `canceling` move's reason), or by a capture's
  // compensation (purpose `capture_failed`, by the system, just before the split's move to `capture_failed`).
  const canceling = statusTo('canceling');
  const captureFailed = statusTo('capture_failed');
  const release =
    canceling && (canceling.note === 'canceled' || canceling.note === 'expired')
      ? {
          purpose: canceling.note,
          actor: canceling.actor,
          since: canceling.at,
          at: statusTo('canceled')?.at ?? canceling.at,
        }
      : captureFailed
        ? { purpose: 'capture_failed', actor: 'system', since: captureFailed.at, at: captureFailed.at }
        : null;
  if (release) {
    const authorisedBefore = (id: string) =>
      state.history.some((h) => h.kind === 'authorised' && h.participantId === id && h.at <= release.since);
    for (const w of state.participants) {
      if (w.status !== 'canceled' || !w.paymentIntentId) continue;
      add(
        {
          splitId,
          participantId: w.id,
          kind: 'hold_released',
          actor: release.actor,
          dedupeKey: `hold_released:${release.purpose}:${w.id}`,
          from: authorisedBefore(w.id) ? 'authorised' : 'pending',
          to: 'canceled',
          detail: { purpose: release.purpose, ...restored },
          at: new Date(release.at),
        },
        `participant ${w.id} hold_released (${release.purpose})`,
      );
    }
  }

  // Stuck notices and support's actions: counted (isCountedKind).
  const counted = new Map<string, HistoryEntry[]>();
  for (const h of state.history) {
    // A refusal the workflow could not record is noted a second time, with no row of its own.
    if (!isCountedKind(h.kind) || h.note?.startsWith('not recorded: ')) continue;
    counted.set(h.kind, [...(counted.get(h.kind) ?? []), h]);
  }
  for (const [kind, list] of counted) {
    const inDb = db.history.filter((r) => r.kind === kind).length;
    list.forEach((h, index) => {
      if (index < inDb) return;
      const detail =
        kind === 'stuck'
          ? { error: h.note ?? null }
          : kind.endsWith('_refused')
            ? { why: h.note ?? null }
            : { reason: h.note ?? null };
      add(
        {
          splitId,
          kind,
          actor: h.actor,
          dedupeKey: `${RESTORED_KEY_PREFIX}:${kind}:${splitId}:${index + 1}`,
          detail: { ...detail, ...restored },
          at: new Date(h.at),
        },
        `${kind} by ${h.actor}`,
      );
    });
  }
  return out;
}
