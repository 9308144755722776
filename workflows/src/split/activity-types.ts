/**
 * The activities the split workflow calls, with their inputs and outcomes. Plain JSON only: amounts in
 * pence, timestamps as ISO strings. Workflows cannot import Node code, so the activities package
 * implements SplitActivities and checks itself against it.
 */
import type { EmailRequest } from '../activity-types';
import type { Actor, CoverDetails, SupportKind, SupportResolution } from './messages';
import type { SplitWorkflowState, SupportHistoryKind } from './snapshot';
import type { ParticipantStatus, SplitStatus } from './statuses';
import type { SplitCreation } from './workflow-io';

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
