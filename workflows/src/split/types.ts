/**
 * What the split workflow carries and the activities it calls. Plain JSON only: amounts in
 * pence, timestamps as ISO strings. Workflows cannot import Node code, so the activities
 * package implements SplitActivities and checks itself against it.
 */
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
  /** Pence. */
  amount: number;
  customerFee: number;
  merchantFee: number;
};

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
  session: {
    token: string;
    customerEmail: string | null;
    customerName: string | null;
    metadata: Record<string, string> | null;
  } | null;
};

export type ParticipantState = {
  id: string;
  status: ParticipantStatus;
  paymentIntentId: string | null;
  captureBefore: string | null;
};

export type HistoryEntry = {
  at: string;
  kind: string;
  actor: string;
  participantId?: string;
  from?: SplitStatus;
  to?: SplitStatus;
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
export type CancelOutcome = { status: SplitStatus; changed: boolean };

export type SupportAction = { actor: Actor; reason: string };
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
  inFlight?: { step: string; to?: SplitStatus; participantId?: string; since: string } | null;
  history: HistoryEntry[];
};

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

export type ReleaseOutcome = {
  outcome: 'released' | 'already_released' | 'captured_elsewhere' | 'failed' | 'no_hold';
  status: ParticipantStatus;
  error?: string;
};

export type RollbackRefundOutcome = { outcome: 'refunded' | 'failed'; status: ParticipantStatus; error?: string };

export type AuthorisationOutcome = {
  authorised: boolean;
  status: ParticipantStatus;
  captureBefore: string | null;
};

export interface SplitActivities {
  /** Writes the split and its participants (status `creating`); idempotent. */
  openSplit(input: SplitCreation & { createdAt: string; authorizationExpiresAt: string }): Promise<void>;
  /** Places one participant's hold (idempotency key `hold:<participantId>`); throws the processor's message. */
  placeHold(input: { splitId: string; participantId: string }): Promise<{ paymentIntentId: string }>;
  /** Checks the hold really is authorised, then marks the participant and writes the webhook event. */
  recordAuthorisation(input: { splitId: string; participantId: string; source: string }): Promise<AuthorisationOutcome>;
  /** Captures one share (idempotency key `capture:<participantId>`); a decline or lapsed hold is non-retryable. */
  captureShare(input: { splitId: string; participantId: string }): Promise<{ status: ParticipantStatus }>;
  /** Releases one hold (idempotency key `release:<participantId>`) and sets the participant accordingly. */
  releaseShare(input: ReleaseInput): Promise<ReleaseOutcome>;
  /** Refunds a share captured before the capture broke; attempted once. */
  rollbackCapturedShare(input: {
    splitId: string;
    participantId: string;
    actor: Actor;
  }): Promise<RollbackRefundOutcome>;
  /** Moves the split's status (and writes paid/canceled webhook events where the spec says so). */
  transitionSplit(input: TransitionInput): Promise<void>;
  /** Appends a history row (support actions, stuck notices). */
  recordSplitHistory(input: {
    splitId: string;
    kind: string;
    actor: Actor;
    dedupeKey: string;
    detail?: Record<string, unknown>;
  }): Promise<void>;
}
