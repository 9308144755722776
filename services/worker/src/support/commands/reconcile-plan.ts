import { createHash } from 'node:crypto';
import { splitRowsFromCreation } from '@groupsplit/activities';
import {
  eventSessionOf,
  type Hold,
  type ReconciledEvent,
  type ReconcilePlan,
  randomToken,
  type SplitParticipantRow,
  type SplitRow,
  splitEventData,
  webhookEventIdFor,
} from '@groupsplit/shared';
import type { HistoryEntry, SplitCreation, SplitWorkflowState } from '@groupsplit/workflows';
import { planOtherHistory } from './reconcile-history';
import { planRefunds, type RefundsInDatabase, type RefundTruth } from './reconcile-refunds';

type ParticipantRow = SplitParticipantRow;
type NewShare = NonNullable<ReconcilePlan['open']>['shares'][number];
type ParticipantSet = ReconcilePlan['participants'][number]['set'];
type SplitSet = NonNullable<ReconcilePlan['split']>;
type HistoryRow = {
  kind: string;
  participant_id: string | null;
  from_status: string | null;
  to_status: string | null;
  dedupe_key: string;
};

/**
 * A replacement (or a cover) the split workflow made, read from its history: the `replaceParticipant`
 * activity's input (the request the replaceParticipant or coverShare Update brought) and its answer.
 */
export type ReplacementRun = {
  participantId: string;
  /** 1 for the participant's first replacement, then 2, … (the workflow's numbering). */
  replacement: number;
  email: string;
  /** The name written on the share (a cover's: the organiser's); null: none. */
  name: string | null;
  /** The organiser covered the share (coverShare). */
  cover: boolean;
  actor: string;
  previousPaymentIntentId: string | null;
  paymentIntentId: string;
  /** When the activity answered (a moment after its write). */
  at: Date;
  /** The pay token in the link e-mailed to the new person, when that e-mail can still be read; null: a new one is made. */
  payToken: string | null;
};

/** An open seat someone took, read from the split workflow's history: the `claimSeat` activity's input and answer. */
export type SeatClaimRun = {
  seatId: string;
  /** The participant the seat became (the workflow chose its id). */
  participantId: string;
  position: number;
  email: string;
  /** The name written on the share (a cover's: the organiser's); null: none. */
  name: string | null;
  /** The organiser took the seat (coverShare). */
  cover: boolean;
  paymentIntentId: string;
  /** When the activity answered (a moment after its write). */
  at: Date;
  /** The pay token in the link e-mailed to them, when that e-mail can still be read; null: a new one is made. */
  payToken: string | null;
};

/** What the workflow and the processor say about one split: the truth reconcile writes back. */
export type SplitTruth = {
  state: SplitWorkflowState;
  /** The first run's input; only needed when the database has no row for the split. */
  creation: SplitCreation | null;
  /** Each participant's PaymentIntent as the processor reports it (found by our metadata on it); null when unreadable. */
  holds: Map<string, Hold | null>;
  /** The processor's refunds and the refund workflows the database lacks (reconcile-refunds.ts). */
  refunds?: RefundTruth;
  /** Every replacement the split workflow's histories still show, oldest first; absent: none read. */
  replacements?: ReplacementRun[];
  /** Every seat claim the split workflow's histories still show; absent: none read. */
  claims?: SeatClaimRun[];
};

/** Who held a share just before a replacement: the row as restored, when it is from just before it, else the replacement before. */
function holderBefore(
  run: ReplacementRun,
  runs: readonly ReplacementRun[],
  row: { email: string; name?: string | null; pay_token: string; processor_payment_intent_id?: string | null },
  recreated: boolean,
): { email: string | null; name: string | null; payToken: string | null } {
  const rowIsJustBefore = recreated
    ? run.replacement === 1
    : (row.processor_payment_intent_id ?? null) === run.previousPaymentIntentId;
  if (rowIsJustBefore) return { email: row.email, name: row.name ?? null, payToken: row.pay_token };
  const previous = runs.find((r) => r.participantId === run.participantId && r.replacement === run.replacement - 1);
  return { email: previous?.email ?? null, name: previous?.name ?? null, payToken: previous?.payToken ?? null };
}

/** What the restored database holds for the split. */
export type SplitInDatabase = {
  split: SplitRow | undefined;
  participants: ParticipantRow[];
  history: HistoryRow[];
  /** Which of expectedEventKeys() the outbox has. */
  eventKeys: Set<string>;
  /** The split's refund rows. */
  refunds?: RefundsInDatabase;
  /** The split's open seats' rows (claimed or not); absent: not read. */
  seats?: { id: string; amount: number; customer_fee: number; merchant_fee: number; participant_id: string | null }[];
};

/** One webhook event the merchant should have for this split, at the moment the workflow recorded its cause. */
type ExpectedEvent = {
  type:
    | 'checkout_split.participant_authorised'
    | 'checkout_split.authorised'
    | 'checkout_split.paid'
    | 'checkout_split.canceled';
  dedupeKey: string;
  at: string;
  /** participant_authorised: who; canceled: why. */
  participantId?: string;
  reason?: 'expired' | 'canceled';
};

const statusEntries = (state: SplitWorkflowState) => state.history.filter((h) => h.kind === 'status' && h.from && h.to);
const authorisedEntries = (state: SplitWorkflowState) =>
  state.history.filter(
    (h): h is HistoryEntry & { participantId: string } => h.kind === 'authorised' && !!h.participantId,
  );

/**
 * The webhook events the merchant should have been sent for the split, from the workflow's history,
 * with the dedupe keys the activities write them under (so the ids are theirs too, webhookEventIdFor).
 * `checkout_split.refunded` events are rebuilt with their refunds (reconcile-refunds.ts).
 */
export function expectedEvents(state: SplitWorkflowState): ExpectedEvent[] {
  const { splitId } = state;
  const events: ExpectedEvent[] = authorisedEntries(state).map((h) => ({
    type: 'checkout_split.participant_authorised',
    dedupeKey: `authorised:${h.participantId}`,
    at: h.at,
    participantId: h.participantId,
  }));
  const awaiting = state.history.find((h) => h.kind === 'awaiting_merchant');
  if (awaiting) events.push({ type: 'checkout_split.authorised', dedupeKey: `authorised:${splitId}`, at: awaiting.at });
  for (const h of statusEntries(state)) {
    if (h.to === 'captured') events.push({ type: 'checkout_split.paid', dedupeKey: `paid:${splitId}`, at: h.at });
    if (h.to === 'canceled') {
      events.push({
        type: 'checkout_split.canceled',
        dedupeKey: `canceled:${splitId}`,
        at: h.at,
        reason: h.note === 'expired' ? 'expired' : 'canceled',
      });
    }
  }
  return events;
}

/** Pence of the share returned, from the processor's refunded amount (the customer fee goes back with the last pence). */
function refundedShare(p: { amount: number }, hold: Hold): number {
  if (hold.amountRefunded >= hold.amount) return p.amount;
  return Math.min(hold.amountRefunded, p.amount);
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * The row a split would have had, from the first run's input: each share with the pay token the creation
 * chose, or read back from its invitation (reconcile.ts); a share with neither gets a new one.
 */
function openFromCreation(creation: SplitCreation, state: SplitWorkflowState): NonNullable<ReconcilePlan['open']> {
  const createdAt = new Date(state.createdAt ?? Date.now());
  return splitRowsFromCreation(creation, {
    createdAt,
    authorizationExpiresAt: new Date(state.authorizationExpiresAt ?? createdAt),
    status: state.status,
    awaitingMerchant: state.awaitingMerchant,
  });
}

export type PlannedReconcile = { plan: ReconcilePlan | null; changes: string[]; notes: string[] };

/**
 * What reconcile would write for one split: the projection (split status, participants, refunded
 * amounts), the outbox (missing events, same dedupe keys and ids) and the split's history rows, from
 * the workflow's `state` and the processor. Null plan when nothing differs. Support's `capturing` and
 * `canceling` are mirrored, never settled: the workflow still waits for support.
 */
export function planReconcile(truth: SplitTruth, db: SplitInDatabase, actor: string, since: Date): PlannedReconcile {
  const { state } = truth;
  const splitId = state.splitId;
  const changes: string[] = [];
  const notes: string[] = [];
  const history: ReconcilePlan['history'] = [];
  let open: ReconcilePlan['open'];
  let participants: (ParticipantRow | NewShare)[] = db.participants;

  if (!db.split) {
    if (!truth.creation) {
      return { plan: null, changes, notes: [`no row and no creation input in the workflow history; left alone`] };
    }
    open = openFromCreation(truth.creation, state);
    participants = open.shares;
    // Whose pay link could not be given back: theirs is new, and the one they have stops working. A share
    // replaced since is said with its replacement (below): its holder's link is the replacement's.
    const newLinks = truth.creation.participants.filter(
      (p) => !p.payToken && !(truth.replacements ?? []).some((r) => r.participantId === p.id),
    );
    changes.push(
      `split row and ${open.shares.length} participant rows recreated` +
        (newLinks.length === 0 ? ', each with the pay link it was given' : ''),
    );
    for (const p of newLinks) {
      changes.push(
        `participant ${p.id}: a new pay link (the one they were given cannot be read back from Temporal); send it to them again`,
      );
    }
    history.push({
      splitId,
      kind: 'opened',
      actor: truth.creation.createdBy ? `user:${truth.creation.createdBy}` : 'system',
      dedupeKey: `opened:${splitId}`,
      to: 'creating',
      at: new Date(state.createdAt ?? Date.now()),
    });
  }
  const splitStatus = db.split?.status ?? 'creating';

  // The split's row.
  const splitSet: SplitSet = {};
  if (state.inFlight) {
    notes.push(`the workflow is recording ${state.inFlight.step} since ${state.inFlight.since}; run reconcile again`);
  } else if (open ? false : splitStatus !== state.status) {
    splitSet.status = state.status;
    changes.push(`status ${splitStatus} -> ${state.status}`);
  }
  const awaiting = state.awaitingMerchant;
  if (!open && awaiting !== undefined && db.split && db.split.awaiting_merchant !== awaiting) {
    splitSet.awaiting_merchant = awaiting;
    changes.push(`awaiting_merchant ${db.split.awaiting_merchant} -> ${awaiting}`);
  }
  if (state.stuck) notes.push(`waiting for support in ${state.stuck.stage} (${state.stuck.error}); left to support`);

  // Seats claimed after the backup: the participant row the claim wrote, and the seat marked as theirs. Only
  // on the split's own seat rows (a split recreated from scratch has none: its seats are not rebuilt).
  const claims: NonNullable<ReconcilePlan['claims']> = [];
  for (const c of truth.claims ?? []) {
    const seat = db.seats?.find((s) => s.id === c.seatId);
    const w = state.participants.find((p) => p.id === c.participantId);
    if (!seat || !w || participants.some((p) => p.id === c.participantId)) continue;
    const hold = truth.holds.get(c.participantId) ?? null;
    const share: NewShare = {
      id: c.participantId,
      split_id: splitId,
      position: c.position,
      user_id: null,
      email: c.email,
      name: c.name,
      amount: seat.amount,
      customer_fee: seat.customer_fee,
      merchant_fee: seat.merchant_fee,
      status: 'pending',
      processor_payment_intent_id: c.paymentIntentId,
      processor_client_secret: hold?.id === c.paymentIntentId ? hold.clientSecret : null,
      pay_token: c.payToken ?? randomToken(24),
      created_at: c.at,
      ...(c.cover ? { covered_at: c.at } : {}),
    };
    claims.push({ seatId: c.seatId, participant: share });
    participants = [...participants, share];
    const link = c.payToken
      ? 'the pay link e-mailed to them'
      : c.cover
        ? 'a new pay link'
        : "a new pay link (the one e-mailed to them is past Temporal's retention)";
    changes.push(
      `participant ${c.participantId} ${c.cover ? 'covered' : 'took'} seat ${c.seatId} after the backup: its row (${link}) and the seat marked as theirs`,
    );
  }

  // Participants.
  const authorisedAt = new Map(authorisedEntries(state).map((h) => [h.participantId, h.at]));
  const capturedAt = statusEntries(state).find((h) => h.to === 'captured')?.at ?? null;
  const participantSets: ReconcilePlan['participants'] = [];
  for (const w of state.participants) {
    const row = participants.find((p) => p.id === w.id);
    if (!row) {
      notes.push(
        `participant ${w.id} is not in the database (a seat claimed after the backup, whose claim or seat is not known); left alone`,
      );
      continue;
    }
    const hold = truth.holds.get(w.id) ?? null;
    if (hold?.metadata.split_id && hold.metadata.split_id !== splitId) {
      notes.push(
        `participant ${w.id}: PaymentIntent ${hold.id} belongs to split ${hold.metadata.split_id}; left alone`,
      );
      continue;
    }
    const want: ParticipantSet = {
      status: w.status,
      processor_payment_intent_id: w.paymentIntentId,
      capture_before: w.captureBefore ? new Date(w.captureBefore) : null,
    };
    // Times the restore lost come from the workflow's history (within a second of the activity's own); kept when present.
    const at = authorisedAt.get(w.id);
    if (at && w.status !== 'pending' && !row.authorised_at) want.authorised_at = new Date(at);
    const paid = w.status === 'captured' || w.status === 'refunded';
    if (capturedAt && paid && !row.captured_at) want.captured_at = new Date(capturedAt);
    if (hold && paid) {
      want.refunded_amount = refundedShare({ amount: row.amount as number }, hold);
      if (hold.chargeId) want.processor_charge_id = hold.chargeId;
    }
    const current = row as Record<string, unknown>;
    const set: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(want)) {
      const was = current[column];
      const same =
        value instanceof Date || was instanceof Date
          ? iso(was as Date | null) === iso(value as Date | null)
          : (was ?? null) === (value ?? null);
      if (!same) {
        set[column] = value;
        changes.push(
          `participant ${w.id} ${column} ${was instanceof Date ? iso(was) : String(was ?? null)} -> ${value instanceof Date ? iso(value) : String(value ?? null)}`,
        );
      }
    }
    // A replacement (or a cover) made after the backup: the share's new holder, as the replace wrote them.
    const runs = (truth.replacements ?? []).filter((r) => r.participantId === w.id);
    const latest = runs.find((r) => r.replacement === w.replacements);
    if (latest && (row.processor_payment_intent_id ?? null) !== latest.paymentIntentId) {
      const before = holderBefore(latest, runs, row, !!open);
      Object.assign(set, {
        email: latest.email,
        name: latest.name,
        pay_token: latest.payToken ?? randomToken(24),
        processor_client_secret: hold?.id === latest.paymentIntentId ? hold.clientSecret : null,
        last_error: null,
        ...(latest.cover
          ? {
              covered_at: latest.at,
              covered_email: before.email,
              covered_name: before.name,
              covered_pay_token: before.payToken,
            }
          : {}),
      });
      const link = latest.payToken
        ? 'the pay link e-mailed to them'
        : latest.cover
          ? 'a new pay link'
          : "a new pay link (the one e-mailed to them is past Temporal's retention)";
      changes.push(
        `participant ${w.id} ${latest.cover ? 'covered' : 'replaced'} after the backup (replacement ${latest.replacement}): ` +
          `its new holder's e-mail address and name, ${link}${latest.cover ? ', and whom it covered' : ''}`,
      );
    }
    if (Object.keys(set).length > 0) participantSets.push({ id: w.id, set: set as ParticipantSet });
  }
  // The replacement history rows' details, as the replace wrote them (who held the share before, and after).
  const replacedDetails = new Map<string, Record<string, unknown>>();
  const firstHolds = new Map<string, string>();
  for (const r of truth.replacements ?? []) {
    const row = participants.find((p) => p.id === r.participantId);
    if (!row) continue;
    const before = holderBefore(r, truth.replacements ?? [], row, !!open);
    replacedDetails.set(`replaced:${r.participantId}:${r.replacement}`, {
      replacement: r.replacement,
      ...(before.email !== null ? { previous_email: before.email } : {}),
      email: r.email,
      previous_payment_intent_id: r.previousPaymentIntentId,
      payment_intent_id: r.paymentIntentId,
    });
    if (r.replacement === 1 && r.previousPaymentIntentId) firstHolds.set(r.participantId, r.previousPaymentIntentId);
  }

  // History rows the activities would have written.
  const has = (match: (r: HistoryRow) => boolean) => db.history.some(match);
  for (const h of statusEntries(state)) {
    if (has((r) => r.kind === 'status' && r.from_status === h.from && r.to_status === h.to)) continue;
    history.push({
      splitId,
      kind: 'status',
      actor: h.actor,
      dedupeKey: `transition:${splitId}:${h.from}:${h.to}`,
      from: h.from,
      to: h.to,
      detail: { ...(h.note ? { reason: h.note } : {}), restored_by: actor },
      at: new Date(h.at),
    });
    changes.push(`history: status ${h.from} -> ${h.to}`);
  }
  for (const h of authorisedEntries(state)) {
    if (has((r) => r.kind === 'authorised' && r.participant_id === h.participantId)) continue;
    history.push({
      splitId,
      participantId: h.participantId,
      kind: 'authorised',
      actor: h.actor,
      dedupeKey: `authorised:${h.participantId}`,
      from: 'pending',
      to: 'authorised',
      detail: { restored_by: actor },
      at: new Date(h.at),
    });
    changes.push(`history: participant ${h.participantId} authorised`);
  }
  // Every other kind the workflow's state tells (reconcile-history.ts).
  const other = planOtherHistory(
    state,
    { history: db.history, participantIds: new Set(participants.map((p) => p.id as string)) },
    truth.holds,
    actor,
    { replacedDetails, firstHolds, seatEmails: new Map((truth.claims ?? []).map((c) => [c.seatId, c.email])) },
  );
  history.push(...other.history);
  changes.push(...other.changes);
  notes.push(...other.notes);

  // The outbox: events the merchant should have, under the ids they were (or would have been) sent with.
  const events: ReconciledEvent[] = [];
  const merchantId = db.split?.merchant_id ?? truth.creation?.merchantId ?? state.merchantId;
  const mode = db.split?.mode ?? truth.creation?.mode ?? state.mode;
  for (const expected of expectedEvents(state)) {
    if (db.eventKeys.has(expected.dedupeKey)) continue;
    const data = eventDataAt(expected, state, db.split ?? (open?.split as SplitRow), participants);
    events.push({
      id: webhookEventIdFor(expected.dedupeKey),
      merchantId,
      mode,
      type: expected.type,
      data,
      dedupeKey: expected.dedupeKey,
      createdAt: new Date(expected.at),
    });
    changes.push(`outbox: ${expected.type} ${webhookEventIdFor(expected.dedupeKey)} (${expected.dedupeKey})`);
  }

  // Refunds made after the restore point: their rows, history and events.
  let refunds: ReconcilePlan['refunds'];
  const splitFields = db.split ?? (open?.split as SplitRow | undefined);
  if (truth.refunds && splitFields) {
    const paidIds = new Set(
      state.participants.filter((p) => p.status === 'captured' || p.status === 'refunded').map((p) => p.id),
    );
    const shares = participants.map((p) => ({
      id: p.id,
      email: p.email,
      amount: p.amount as number,
      status: state.participants.find((w) => w.id === p.id)?.status ?? (p.status as string),
      customerFee: (p.customer_fee as number | undefined) ?? 0,
    }));
    const planned = planRefunds(
      truth.refunds,
      db.refunds ?? { refundIds: new Set(), inProgress: new Set(), processorRefundIds: new Set() },
      splitFields,
      shares,
      paidIds,
      actor,
    );
    notes.push(...planned.notes);
    changes.push(...planned.changes);
    history.push(...planned.history);
    for (const event of planned.events) if (!db.eventKeys.has(event.dedupeKey)) events.push(event);
    if (planned.refunds.length > 0) refunds = planned.refunds;
  }

  if (changes.length === 0) return { plan: null, changes, notes };
  const digest = createHash('sha256').update(JSON.stringify(changes)).digest('hex').slice(0, 16);
  return {
    changes,
    notes,
    plan: {
      splitId,
      merchantId,
      open,
      ...(claims.length > 0 ? { claims } : {}),
      split: Object.keys(splitSet).length > 0 ? splitSet : undefined,
      participants: participantSets,
      refunds,
      history,
      events,
      audit: {
        actor,
        before: { split_id: splitId, status: db.split ? splitStatus : null, restored_database: true },
        after: {
          split_id: splitId,
          actor,
          since: since.toISOString(),
          status: state.status,
          changes,
        },
        dedupeKey: `reconcile:${splitId}:${digest}`,
      },
    },
  };
}

/** The event's data as it was when its cause happened (statuses then, not now). */
function eventDataAt(
  expected: ExpectedEvent,
  state: SplitWorkflowState,
  split: Pick<SplitRow, 'id' | 'order_reference' | 'currency' | 'total_amount' | 'session_token' | 'session_context'>,
  rows: readonly { id: string; email: string; amount: number }[],
): Record<string, unknown> {
  const authorisedBy = new Map(authorisedEntries(state).map((h) => [h.participantId, h.at]));
  const participantStatus = (id: string): string => {
    const w = state.participants.find((p) => p.id === id);
    switch (expected.type) {
      case 'checkout_split.participant_authorised': {
        const at = authorisedBy.get(id);
        return at && at <= expected.at ? 'authorised' : 'pending';
      }
      case 'checkout_split.authorised':
        return 'authorised';
      case 'checkout_split.paid':
        return w?.status === 'canceled' ? 'canceled' : 'captured';
      case 'checkout_split.canceled':
        return 'canceled';
    }
  };
  const splitStatus =
    expected.type === 'checkout_split.paid'
      ? 'captured'
      : expected.type === 'checkout_split.canceled'
        ? 'canceled'
        : 'pending';
  const data = splitEventData({
    split: {
      id: split.id,
      status: splitStatus,
      orderReference: split.order_reference,
      currency: split.currency,
      totalAmountPence: split.total_amount,
    },
    participants: rows.map((p) => ({
      id: p.id,
      email: p.email,
      amountPence: p.amount,
      status: participantStatus(p.id),
      refundedPence: 0,
    })),
    session: eventSessionOf(split),
    authorisedParticipantId: expected.participantId,
  });
  return expected.reason ? { ...data, reason: expected.reason } : { ...data };
}
