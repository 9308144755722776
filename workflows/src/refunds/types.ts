/**
 * What the refund workflow and the split workflow's refund handlers carry, and the activities
 * they call. Plain JSON only: amounts in pence, timestamps as ISO strings.
 */
import type { ParticipantStatus, SplitStatus } from '../split/statuses';

/** A refund asked for through the API key (`api`) or the dashboard (`dashboard`). */
export type RefundRequest = {
  /** Chosen by the caller; the child workflow is `refund:<splitId>:<refundId>`. */
  refundId: string;
  source: 'api' | 'dashboard';
  /** What the history shows: `api_key` or `dashboard:<user id>`. */
  actor: string;
  /** Who exactly: `api_key:<key id>` or `user:<id>`. */
  actorDetail: string;
  /** Pence of shares to return; null = everything still outstanding. */
  amount: number | null;
  reason: string | null;
  idempotencyKey: string | null;
  /** Total refunded (pence) when the caller read the order; anything else means it changed. */
  expectedRefunded: number;
};

export type RefundWorkflowInput = RefundRequest & { splitId: string };

/**
 * Why a refund was not started. `not_captured` is the dashboard's "only a captured split";
 * the others are codes of docs/spec.md, Errors.
 */
export type RefundRejection = 'not_refundable' | 'not_captured' | 'refund_in_progress' | 'over_refund';

export type ParticipantRefundState = { id: string; status: ParticipantStatus };

export type RefundFinished = {
  status: 'complete' | 'partial';
  splitStatus: SplitStatus;
  participants: ParticipantRefundState[];
};

export type RefundWorkflowResult =
  | { kind: 'rejected'; code: RefundRejection; splitStatus: SplitStatus }
  /** The idempotency key belongs to this earlier refund: its stored answer is replayed. */
  | { kind: 'existing'; refundId: string }
  | ({ kind: 'finished'; refundId: string } & RefundFinished)
  /** The child workflow itself failed (not a processor refusal); the refund row says how far it got. */
  | { kind: 'failed'; refundId: string; message: string };

export type BeginRefundOutcome =
  | { kind: 'rejected'; code: RefundRejection; splitStatus: SplitStatus }
  | { kind: 'existing'; refundId: string }
  | { kind: 'started'; participantIds: string[] };

/**
 * What one slice's processor refund came to. A refused one carries the processor's message and its error
 * code (null: it gave none), as the activity wrote them on the slice and the refund's `failure`: the refund
 * workflow's history keeps them, so a database restore can rebuild the refusal (support's `reconcile`).
 * Histories written before the code was kept have `error` only.
 */
export type RefundSliceOutcome = { outcome: 'succeeded' | 'failed'; error?: string; code?: string | null };

/** Sent by checkout when the processor reports a refund on a participant's charge. */
export type ProcessorRefundObserved = { participantId: string; chargeId: string | null };

export type ProcessorRefundSync = {
  /** Processor refunds newly recorded (0 when they were all ours or already known). */
  recorded: number;
  splitStatus: SplitStatus;
  participants: ParticipantRefundState[];
};

export type DisputeInput = {
  disputeId: string;
  paymentIntentId: string;
  mode: 'test' | 'live';
  /** Pence, as the processor reports it. */
  amount: number;
  reason: string | null;
  processorStatus: string | null;
};

/** Whom to tell about a chargeback: the login address of the user who owns the business. */
export type DisputeNotice = {
  emailId: string;
  to: string;
  merchantId: string;
  data: Record<string, unknown>;
};

export interface RefundActivities {
  /** Checks the order, slices the amount and records the refund (`in_progress`); nothing moves yet. */
  beginRefund(input: RefundWorkflowInput): Promise<BeginRefundOutcome>;
  /**
   * One participant's processor refund (idempotency key `refund:<refundId>:<participantId>`).
   * A refusal, or a transient failure on the last attempt, is recorded and returned as `failed`.
   */
  refundSlice(input: {
    splitId: string;
    refundId: string;
    participantId: string;
    maxAttempts: number;
  }): Promise<RefundSliceOutcome>;
  /** Totals the slices, moves the split's status, stores the answer and writes the webhook event. */
  finishRefund(input: { splitId: string; refundId: string }): Promise<RefundFinished>;
  /** Records refunds made in the processor's dashboard on one participant's charge. */
  syncProcessorRefunds(input: {
    splitId: string;
    participantId: string;
    maxAttempts: number;
  }): Promise<ProcessorRefundSync>;
  /** Sets `disputed_at` on the participant and the split; says whom to e-mail (null: not ours). */
  recordDispute(input: DisputeInput): Promise<DisputeNotice | null>;
}
