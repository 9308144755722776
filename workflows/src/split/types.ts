/**
 * What the split workflow carries and the activities it calls. Plain JSON only: amounts in
 * pence, timestamps as ISO strings. Workflows cannot import Node code, so the activities
 * package implements SplitActivities and checks itself against it.
 */
import type { SplitSessionContext } from '@groupsplit/shared';
import type { EmailRequest } from '../activity-types';

export type SplitMode = 'test' | 'live';

export type SplitStatus =
  | 'creating'
  | 'pending'
  | 'capturing'
  | 'captured'
  | 'canceling'
  | 'canceled'
  | 'refunded'
  | 'partially_refunded'
  | 'creation_failed'
  | 'capture_failed';

/** What moves a split from one status to the next (the trigger column of transitions.ts). */
export type SplitTrigger =
  | 'create'
  | 'all_authorised'
  | 'capture_breaks'
  | 'cancel'
  | 'expiry'
  | 'refund_dashboard'
  | 'refund_api'
  | 'processor_refund'
  | 'support_compensate'
  | 'support_resolve';

export type ParticipantStatus = 'pending' | 'authorised' | 'captured' | 'canceled' | 'refunded';

export const TERMINAL_SPLIT_STATUSES: readonly SplitStatus[] = [
  'captured',
  'canceled',
  'refunded',
  'creation_failed',
  'capture_failed',
];

export type NewParticipant = {
  id: string;
  email: string;
  /** The name typed for this person (docs/splits.md, "Names"); absent or null: none. */
  name?: string | null;
  /** Pence. */
  amount: number;
  customerFee: number;
  merchantFee: number;
};

/**
 * An open seat (seats.ts): a share with its fees and no one in it yet, claimed through the split's
 * group link. It becomes a participant (and gets its hold) when someone claims it.
 */
export type NewSeat = {
  id: string;
  /** Pence. */
  amount: number;
  customerFee: number;
  merchantFee: number;
};

/** An open seat as the workflow tracks it; `participantId` is set once it is claimed. */
export type SeatState = { id: string; amount: number; participantId: string | null };

/** Everything checkout validated and decided before starting the workflow. */
export type SplitCreation = {
  splitId: string;
  merchantId: string;
  mode: SplitMode;
  createdBy: string | null;
  orderReference: string;
  currency: string;
  processorAccountId: string;
  merchantFeeBps: number;
  totalAmount: number;
  customerFeeTotal: number;
  merchantFeeTotal: number;
  applicationFeeTotal: number;
  participants: NewParticipant[];
  /** Open seats (seats.ts); absent for a split made without them. The fee totals count them. */
  seats?: NewSeat[];
  /** The hosted-checkout session the split came from; null for a split made on the dashboard or by API. */
  session: SplitSessionContext | null;
};

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

/** Support's three answers to a stuck split. */
export type SupportKind = 'retry' | 'compensate' | 'resolve';

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

/** What survives continue-as-new. */
export type CarriedSplitState = {
  status: SplitStatus;
  createdAt: string;
  authorizationExpiresAt: string;
  capturedAt: string | null;
  participants: ParticipantState[];
  history: HistoryEntry[];
  /** Absent in states carried by older code. */
  supportRefusals?: SupportRefusal[];
  /** Open seats and who took them; absent for a split made without seats (and in older code's states). */
  seats?: SeatState[];
};

export type SplitWorkflowInput = {
  splitId: string;
  merchantId: string;
  mode: SplitMode;
  /** HOLD_TTL_MS of whoever started it; workflows cannot read config. */
  holdTtlMs: number;
  /** How long the workflow stays open after capture for refunds; default 180 days. */
  refundWindowMs?: number;
  /**
   * After capture, continue-as-new once a run's history has this many events (at least
   * MIN_CONTINUE_AS_NEW_EVENTS) as well as whenever Temporal suggests it. Tests set it low.
   */
  continueAsNewAfterEvents?: number;
  /** First run only. */
  creation?: SplitCreation;
  /** Runs after continue-as-new. */
  resume?: CarriedSplitState;
};

export type CreateSplitOutcome =
  | { status: 'pending'; splitId: string; authorizationExpiresAt: string }
  | { status: 'creation_failed'; splitId: string; error: string };

/** Who asked for something: `user:<id>`, `api_key:<id>`, `processor`, `expiry`, `support:<name>`, `system`. */
export type Actor = string;

export type ParticipantAuthorised = {
  participantId: string;
  /** `pay_step` or `processor_webhook`. */
  source: string;
};

export type CancelRequest = { actor: Actor };

/** The acceptSplit update (merchant-accept.ts): `api_key:<id>` or `user:<id>`. */
export type AcceptRequest = { actor: Actor };
/** The split's status once the accepted capture finished (`captured`, `capture_failed`), or 30 s passed. */
export type AcceptOutcome = { status: SplitStatus };

/** Hand a pending participant's share to someone else (the replaceParticipant update). */
export type ReplaceRequest = {
  participantId: string;
  /** The new person's address, already validated by the caller. */
  email: string;
  /** Their name (docs/splits.md, "Names"); absent or null: none, and the replaced person's name goes. */
  name?: string | null;
  actor: Actor;
  /** Set when the organiser covers the share themself (cover.ts): `email` is theirs. */
  cover?: CoverDetails;
};
/** What a cover adds to a replace or a seat claim: the organiser's name, written on the share they take. */
export type CoverDetails = { name: string | null };
/** Covering a share (cover.ts): the organiser takes a pending participant's share or an open seat. */
export type CoverRequest = {
  /** A pending participant's id, or an open seat's. */
  targetId: string;
  /** The organiser's address and name, as checkout read them. */
  email: string;
  name: string | null;
  actor: Actor;
};
/** The share the organiser now holds: the participant (the seat's new one, for a seat) and its new hold. */
export type CoverOutcome = { participantId: string; seatId: string | null; paymentIntentId: string };
/** The replacement that was made: the participant keeps its id and share; `replacement` numbers it. */
export type ReplaceOutcome = { participantId: string; replacement: number; paymentIntentId: string };
export type CancelOutcome = { status: SplitStatus; changed: boolean };

export type SupportAction = { actor: Actor; reason: string };

/** What a support Update answers once the workflow has taken the action (and written its audit row). */
export type SupportOutcome = {
  accepted: true;
  action: SupportKind;
  /** `support:<name>`, as recorded. */
  actor: Actor;
  /** Where the split was waiting. */
  stage: 'capturing' | 'canceling';
};

/** A support signal the workflow refused (the `state` query's `support_refusals`); it changed nothing. */
export type SupportRefusal = {
  at: string;
  action: SupportKind;
  /** As sent; null when missing or blank. */
  actor: Actor | null;
  reason: string | null;
  /** Why it was refused: the same words a refused Update answers with. */
  why: string;
};
export type SupportResolution = SupportAction & {
  /** Final status to record; defaults to capture_failed from capturing and canceled from canceling. */
  status?: 'captured' | 'capture_failed' | 'canceled';
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

/** Take an open seat (the claimSeat update): from the group link, or the buyer filling it by e-mail. */
export type ClaimSeatRequest = {
  seatId: string;
  /** The new participant's address, already validated by the caller. */
  email: string;
  /** The name they gave (docs/splits.md, "Names"), already validated by the caller; absent or null: none. */
  name?: string | null;
  /** `user:<id>`: the joiner, or the buyer who filled the seat. */
  actor: Actor;
  /** Set when the organiser takes the seat themself (cover.ts): their address may already be in the split. */
  cover?: CoverDetails;
};
/** The claim that was made: the seat's new participant and its hold. */
export type ClaimSeatOutcome = { seatId: string; participantId: string; paymentIntentId: string };

export type ClaimSeatInput = {
  splitId: string;
  seatId: string;
  /** The participant the seat becomes (chosen by the workflow, so a retry writes the same row). */
  participantId: string;
  /** Its place among the split's participants (after every participant so far). */
  position: number;
  email: string;
  /** The name they gave; absent or null: none. */
  name?: string | null;
  actor: Actor;
  /** A cover (cover.ts): the organiser's address is allowed a second row, unless it would leave them every share. */
  cover?: CoverDetails;
};
export type ClaimSeatResult =
  | { outcome: 'claimed'; paymentIntentId: string }
  | { outcome: 'already_in_split' }
  | { outcome: 'would_leave_single_payer' };

export type SplitWorkflowResult = { splitId: string; status: SplitStatus };

// ---- activities -------------------------------------------------------------------------

export type TransitionInput = {
  splitId: string;
  from: SplitStatus;
  to: SplitStatus;
  actor: Actor;
  /** Stable id of this transition so a retried activity records it once. */
  dedupeKey: string;
  reason?: string;
  /** Also move these participants (e.g. creation failure sets the unreleased ones canceled). */
  participants?: { ids: string[]; to: ParticipantStatus };
};

/** The capture batch (docs/splits.md, "Capture batch"): every share not captured yet, in one step. */
export type CaptureBatchInput = {
  splitId: string;
  /** The shares to capture, in capture order; a share the projection shows captured is skipped. */
  participantIds: string[];
  /** `pending` → `capturing`, written before the first capture (the transition's dedupe key). */
  capturing: { dedupeKey: string };
  /** `capturing` → `captured`, written with the last share after the last capture (the transition's dedupe key). */
  captured: { dedupeKey: string };
};

export type ReleasePurpose = 'creation_failed' | 'canceled' | 'expired' | 'capture_failed';

export type ReleaseInput = {
  splitId: string;
  participantId: string;
  purpose: ReleasePurpose;
  actor: Actor;
  /**
   * The retry policy's attempt limit. On the last attempt a failure is recorded and
   * returned instead of thrown, so "attempted, failed, skipped" is one activity.
   */
  maxAttempts: number;
};

/**
 * `captured_elsewhere`: the hold was found captured (a merchant's capture in its own processor
 * dashboard), skipped and the participant `captured`. A capture rollback (`capture_failed`) refunds
 * such a share instead, as a rollback refund: `refunded`, or `refund_failed` (recorded, participant
 * `captured`).
 */
export type ReleaseOutcome = {
  outcome: 'released' | 'already_released' | 'captured_elsewhere' | 'refunded' | 'refund_failed' | 'failed' | 'no_hold';
  status: ParticipantStatus;
  error?: string;
};

/**
 * One support action as the audit trail records it, whatever sent it (Update from the Temporal UI or
 * the support CLI, or a signal): an `audit_log` row (role `support`) and a `split_history` row,
 * written together. Refused signals are recorded the same way with `outcome: 'refused'`.
 */
export type SupportAuditInput = {
  splitId: string;
  merchantId: string;
  action: SupportKind;
  outcome: 'accepted' | 'refused';
  actor: Actor | null;
  reason: string | null;
  /** resolve only: the final status asked for. */
  status?: SupportResolution['status'];
  /** refused only. */
  why?: string;
  /** The split as support found it. */
  before: { status: SplitStatus; stuck: SplitWorkflowState['stuck'] };
  /** Stable id of this action: a retried activity writes its rows once. */
  dedupeKey: string;
};

export type RollbackRefundOutcome = { outcome: 'refunded' | 'failed'; status: ParticipantStatus; error?: string };

export type AuthorisationOutcome = {
  authorised: boolean;
  status: ParticipantStatus;
  captureBefore: string | null;
};

export type ReplaceParticipantInput = {
  splitId: string;
  participantId: string;
  email: string;
  actor: Actor;
  /** 1 for the first replacement of this participant, then 2, …: part of every idempotency key. */
  replacement: number;
  /** The hold being replaced (null if the participant never had one). */
  previousPaymentIntentId: string | null;
  /** The new person's name, if any (a cover writes the organiser's, from `cover`). */
  name?: string | null;
  /** A cover (cover.ts): the organiser takes the share; refused if it would leave them every share. */
  cover?: CoverDetails;
};

export type ReplaceParticipantResult =
  | { outcome: 'replaced'; paymentIntentId: string }
  | { outcome: 'already_authorised' }
  | { outcome: 'would_leave_single_payer' };

export type ReleaseReplacedHoldInput = {
  splitId: string;
  participantId: string;
  paymentIntentId: string;
  replacement: number;
  actor: Actor;
  /** As ReleaseInput: on the last attempt a failure is recorded and returned, not thrown. */
  maxAttempts: number;
};

export type ReleaseReplacedHoldOutcome = { outcome: 'released' | 'already_released' | 'failed'; error?: string };

export interface SplitActivities {
  /** Writes the split and its participants (status `creating`); idempotent. */
  openSplit(input: SplitCreation & { createdAt: string; authorizationExpiresAt: string }): Promise<void>;
  /** Places one participant's hold (idempotency key `hold:<participantId>`); throws the processor's message. */
  placeHold(input: { splitId: string; participantId: string }): Promise<{ paymentIntentId: string }>;
  /** Checks the hold really is authorised, then marks the participant and writes the webhook event. */
  recordAuthorisation(input: { splitId: string; participantId: string; source: string }): Promise<AuthorisationOutcome>;
  /**
   * The capture batch: writes `capturing`, captures every listed share not captured yet, strictly one
   * at a time and in order (idempotency key `capture:<participantId>`), writing each
   * share's capture while the next share's call is made, then writes the last share and `captured`
   * (history row, `checkout_split.paid`) in one transaction. Progress is the projection, so a run
   * again (a retry, a lost workflow task) skips the shares already written and resumes. A decline or a
   * lapsed hold is non-retryable; whatever fails, every earlier capture's write has finished first.
   */
  captureBatch(input: CaptureBatchInput): Promise<void>;
  /** The participants the projection shows captured (what compensation refunds), in no particular order. */
  capturedShares(input: { splitId: string }): Promise<string[]>;
  /**
   * Releases one hold (idempotency key `release:<participantId>`) and sets the participant accordingly.
   * For a capture rollback, a hold found captured at the processor is refunded as rollbackCapturedShare does.
   */
  releaseShare(input: ReleaseInput): Promise<ReleaseOutcome>;
  /**
   * Refunds a share captured before the capture broke; one refund, under one idempotency key. As
   * ReleaseInput's maxAttempts: a refusal is recorded at once, a missing answer on the last attempt.
   */
  rollbackCapturedShare(input: {
    splitId: string;
    participantId: string;
    actor: Actor;
    maxAttempts: number;
  }): Promise<RollbackRefundOutcome>;
  /** Moves the split's status (and writes paid/canceled webhook events where the spec says so). */
  transitionSplit(input: TransitionInput): Promise<void>;
  /**
   * First asks the processor whether the participant's current hold is authorised already (their
   * pay step won the race; its signal is on the way): then changes nothing and says so. Otherwise
   * places the replacement's hold (idempotency key `hold:<participantId>:<replacement>`), then in
   * one transaction gives the participant the new e-mail, a new pay token and the new hold, and
   * writes the history row saying who replaced whom. Throws the processor's message if the hold
   * cannot be placed (nothing changed then).
   */
  replaceParticipant(input: ReplaceParticipantInput): Promise<ReplaceParticipantResult>;
  /**
   * Takes an open seat: refuses an address already in the split, places the new participant's hold
   * (idempotency key `hold:<participantId>`), then in one transaction writes the participant row with
   * that hold, marks the seat claimed and writes the history row. Safe to run again.
   */
  claimSeat(input: ClaimSeatInput): Promise<ClaimSeatResult>;
  /**
   * A day before the deadline with seats still open: e-mails the buyer the group link once
   * (docs/emails.md), unless they unsubscribed or were e-mailed about this split in the last 12 hours.
   */
  remindOpenSeats(input: { splitId: string }): Promise<{ email: EmailRequest | null }>;
  /** Cancels the replaced hold (idempotency key `release:<participantId>:replaced:<replacement>`). */
  releaseReplacedHold(input: ReleaseReplacedHoldInput): Promise<ReleaseReplacedHoldOutcome>;
  /**
   * Records one support action (SupportAuditInput): the audit row and the history row in one
   * transaction; an accepted resolve also closes the split's open janitor findings.
   */
  recordSupportAction(input: SupportAuditInput): Promise<void>;
  /**
   * Merchant accept: every share is authorised. Sets `awaiting_merchant` and writes its history row and the
   * `checkout_split.authorised` event (dedupe key `authorised:<splitId>`) in one transaction; nothing once the
   * split has left `pending` (a local step run again).
   */
  markAwaitingMerchant(input: { splitId: string }): Promise<void>;
  /** Merchant accept: the merchant accepted; clears `awaiting_merchant` and records who, once. */
  recordMerchantAccept(input: { splitId: string; actor: Actor }): Promise<void>;
  /** Appends a history row (stuck notices). */
  recordSplitHistory(input: {
    splitId: string;
    kind: SupportHistoryKind;
    actor: Actor;
    dedupeKey: string;
    detail?: Record<string, unknown>;
  }): Promise<void>;
}
