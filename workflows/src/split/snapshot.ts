/**
 * The split workflow's running state as plain data: the participants, open seats, its own history and
 * the step in flight, and the `state` query's answer (SplitWorkflowState) that operators read.
 */
import type { SupportKind, SupportRefusal } from './messages';
import type { ParticipantStatus, SplitMode, SplitStatus, SplitTrigger } from './statuses';

export type ParticipantState = {
  id: string;
  status: ParticipantStatus;
  paymentIntentId: string | null;
  captureBefore: string | null;
  /**
   * How many times someone else took over this share (replace.ts); absent until the first time.
   * The n-th replacement's hold has the idempotency key `hold:<participantId>:<n>`.
   */
  replacements?: number;
};

/** An open seat as the workflow tracks it; `participantId` is set once it is claimed. */
export type SeatState = { id: string; amount: number; participantId: string | null };

/** The rows the workflow itself adds to the split's Postgres history (`recordSplitHistory`). */
export type SupportHistoryKind = 'stuck' | `support_${SupportKind}`;

/** What an entry of the workflow's own (in-memory, queryable) history records. */
export type HistoryKind =
  | 'opened'
  /** A status change (`from`, `to`). */
  | 'status'
  | 'authorised'
  /** The processor did not confirm the hold a signal reported; the participant stays pending. */
  | 'authorisation_unconfirmed'
  /** A second signal for the same authorisation (pay step and processor webhook); ignored. */
  | 'authorisation_repeated'
  | 'release_failed'
  | 'rollback_refund_failed'
  | 'rollback_release_failed'
  | SupportHistoryKind
  /** A support signal refused (no actor or reason, or the split not waiting for support); nothing changed. */
  | `support_${SupportKind}_refused`
  | 'refund_finished'
  | 'refund_rejected'
  | 'refund_existing'
  | 'refund_failed'
  | 'processor_refund_ignored'
  | 'processor_refund_synced'
  | 'processor_refund_sync_failed'
  /** The refund window closed on a split that is not in a terminal status (e.g. partially refunded). */
  | 'ended_non_terminal'
  /** Someone else took over a pending participant's share (new e-mail, pay link and hold). */
  | 'participant_replaced'
  /** The organiser took over a pending participant's share (cover.ts). */
  | 'participant_covered'
  /** The organiser took an open seat themself (cover.ts). */
  | 'seat_covered'
  /** A replace request the workflow turned down when it came to it (`note` says why). */
  | 'replace_refused'
  /** The hold of a replaced participant could not be released; it lapses by itself. */
  | 'replaced_hold_release_failed'
  /** Merchant accept (merchant-accept.ts): every share authorised, the split waits for the merchant. */
  | 'awaiting_merchant'
  /** The merchant accepted (`actor` is who); capture follows. */
  | 'merchant_accepted'
  /** Someone took an open seat (seats.ts): a new participant with its own hold. */
  | 'seat_claimed'
  /** A claim the workflow turned down when it came to it (`note` says why). */
  | 'seat_claim_refused'
  /** The buyer was e-mailed the group link a day before the deadline, seats still being open. */
  | 'seats_reminded';

export type HistoryEntry = {
  at: string;
  kind: HistoryKind;
  actor: string;
  participantId?: string;
  /** Status entries: the move, and the transition table's trigger that allowed it. */
  from?: SplitStatus;
  to?: SplitStatus;
  trigger?: SplitTrigger;
  note?: string;
};

export type SplitWorkflowState = {
  splitId: string;
  merchantId: string;
  mode: SplitMode;
  status: SplitStatus;
  createdAt: string | null;
  authorizationExpiresAt: string | null;
  /** When the pending split expires: authorizationExpiresAt, or sooner if a hold lapses sooner. */
  expiresAt: string | null;
  capturedAt: string | null;
  participants: ParticipantState[];
  /** Set while the split waits for support (capturing or canceling that cannot finish by itself). */
  stuck: { stage: 'capturing' | 'canceling'; error: string; since: string } | null;
  /**
   * The step whose activity is writing the Postgres projection right now, or null. Activities write
   * the projection before the workflow updates its own state, so for a moment the database is
   * ahead (e.g. `captured` there, `capturing` here). A difference explained by this field is a
   * transition in flight, not drift. Set when the activity (or child workflow) is scheduled,
   * cleared in the same workflow activation that applies its result (or its failure). `step` is
   * one of IN_FLIGHT_STEPS; `to` is set for a status transition, `participantId` for a step on
   * one participant; `since` is workflow time. `participantIds` names every participant the steps in
   * flight are moving: the capture batch's shares (one step), or, for splits captured before the batch,
   * both shares when a capture's projection write overlaps the next share's step (the field then
   * describes the latest).
   */
  inFlight: {
    step: string;
    to?: SplitStatus;
    participantId?: string;
    participantIds?: string[];
    since: string;
  } | null;
  history: HistoryEntry[];
  /** Support signals refused, latest last (at most SUPPORT_REFUSALS_KEPT); snake_case as docs/runbook.md names it. */
  support_refusals: SupportRefusal[];
  /** Only on a split that uses the merchant accept step: whether it waits for the merchant now. */
  awaitingMerchant?: boolean;
  /** Open seats and who took them; only on a split made with seats. */
  seats?: SeatState[];
};

/**
 * The steps `inFlight` names: `transition` (a status change, with `to`); `open_split`;
 * `place_hold`, `record_authorisation`, `capture`, `release`, `rollback_refund` and
 * `rollback_release` (each with `participantId`); `refund` (a refund child workflow) and
 * `processor_refund_sync` (with `participantId`); `replace_participant` and
 * `release_replaced_hold` (with `participantId`).
 */
export const IN_FLIGHT_STEPS = [
  'transition',
  'open_split',
  'place_hold',
  'record_authorisation',
  'capture',
  'release',
  'rollback_refund',
  'rollback_release',
  'refund',
  'processor_refund_sync',
  'replace_participant',
  'release_replaced_hold',
  'claim_seat',
] as const;
export type InFlightStep = (typeof IN_FLIGHT_STEPS)[number];
export type InFlight = NonNullable<SplitWorkflowState['inFlight']>;
