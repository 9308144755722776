/**
 * What starts a split workflow (checkout's creation, or the state carried over by continue-as-new) and
 * what it returns. Plain JSON only: amounts in pence, timestamps as ISO strings.
 */
import type { SplitSessionContext } from '@groupsplit/shared';
import type { SupportRefusal } from './messages';
import type { HistoryEntry, ParticipantState, SeatState } from './snapshot';
import type { SplitMode, SplitStatus } from './statuses';

export type NewParticipant = {
  id: string;
  email: string;
  /** The name typed for this person (docs/splits.md, "Names"); absent or null: none. */
  name?: string | null;
  /** Pence. */
  amount: number;
  customerFee: number;
  merchantFee: number;
  /**
   * The share's pay token (the secret in its pay link), chosen when the split is made so the links
   * e-mailed can be given back after a database restore (support's reconcile). Absent in splits made by
   * older code: openSplit then makes one.
   */
  payToken?: string;
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

export type SplitWorkflowResult = { splitId: string; status: SplitStatus };
