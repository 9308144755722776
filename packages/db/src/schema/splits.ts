import type { ColumnType, Generated } from 'kysely';

/**
 * Written only by the worker: the split workflow's activities keep these tables in step with
 * the workflow (the baseline migration, 20261121100000_baseline.sql). Checkout and everyone else only read.
 */

/** Statuses the API shows, plus `creating` (holds still being placed; never shown). */
export const SPLIT_STATUSES = [
  'creating',
  'pending',
  'capturing',
  'captured',
  'canceling',
  'canceled',
  'refunded',
  'partially_refunded',
  'creation_failed',
  'capture_failed',
] as const;
export type SplitStatus = (typeof SPLIT_STATUSES)[number];

export const PARTICIPANT_STATUSES = ['pending', 'authorised', 'captured', 'canceled', 'refunded'] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

type JsonColumn<T> = ColumnType<T | null, string | null, string | null>;

export type SplitSessionContext = {
  customer_email: string | null;
  customer_name: string | null;
  metadata: Record<string, string> | null;
  /** The organiser's name as they typed it on the hosted page (docs/splits.md, "Names"); absent on older splits. */
  organiser_name?: string | null;
};

export interface SplitsTable {
  id: string;
  merchant_id: string;
  mode: 'test' | 'live';
  created_by: string | null;
  order_reference: string;
  currency: string;
  status: SplitStatus;
  /** Pence. */
  total_amount: number;
  customer_fee_total: number;
  merchant_fee_total: number;
  application_fee_total: number;
  merchant_fee_bps: number;
  processor_account_id: string;
  authorization_expires_at: Date;
  disputed_at: Date | null;
  session_token: string | null;
  session_context: JsonColumn<SplitSessionContext>;
  /**
   * The merchant accept step (migration 20261127193700_merchant_accept.sql): null for a split that does not
   * use it; false, then true once every participant has authorised and the split waits for the merchant.
   * Meaningful only while the split is `pending` (awaitingMerchant() in the splits repository).
   */
  awaiting_merchant: Generated<boolean | null>;
  failure_reason: string | null;
  /** The group link's secret (`/join/<group_token>`); null for a split made without open seats. */
  group_token: string | null;
  created_at: Date;
  updated_at: Generated<Date>;
}

export interface SplitParticipantsTable {
  id: string;
  split_id: string;
  position: number;
  user_id: string | null;
  email: string;
  /** The name typed for this person (1-60 characters); null: none given (migration 20261206050000). */
  name: Generated<string | null>;
  /**
   * Set when the organiser covered this share: when, and whom it covered (their address, name and old
   * pay token; null when it was an open seat).
   */
  covered_at: Generated<Date | null>;
  covered_email: Generated<string | null>;
  covered_name: Generated<string | null>;
  covered_pay_token: Generated<string | null>;
  /** Pence: share, customer fee on top, merchant fee taken from the share. */
  amount: number;
  customer_fee: number;
  merchant_fee: number;
  status: ParticipantStatus;
  processor_payment_intent_id: string | null;
  processor_client_secret: string | null;
  /** The processor's charge of the captured hold (written with the capture; null before it, or for older rows). */
  processor_charge_id: Generated<string | null>;
  pay_token: string;
  capture_before: Date | null;
  /** The card the share was held on (20261206093000_participant_cards.sql): null before, or when unknown. */
  card_brand: Generated<string | null>;
  card_last4: Generated<string | null>;
  /** A wallet card's wallet (`apple_pay`, `google_pay`); null for a plain card. */
  card_wallet: Generated<string | null>;
  refunded_amount: Generated<number>;
  disputed_at: Date | null;
  authorised_at: Date | null;
  captured_at: Date | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Generated<Date>;
}

export interface SplitHistoryTable {
  id: Generated<number>;
  split_id: string;
  participant_id: string | null;
  kind: string;
  from_status: string | null;
  to_status: string | null;
  actor: string;
  detail: JsonColumn<Record<string, unknown>>;
  dedupe_key: string;
  created_at: Generated<Date>;
}

/** An open seat (docs/splits.md, "Open seats"): a share nobody holds until someone claims it. */
export interface SplitSeatsTable {
  id: string;
  split_id: string;
  position: number;
  /** Pence: the share and the fees it carries from creation. */
  amount: number;
  customer_fee: number;
  merchant_fee: number;
  /** The participant the seat became; null while it is open. */
  participant_id: string | null;
  claimed_at: Date | null;
  created_at: Date;
}

export interface SplitsTables {
  splits: SplitsTable;
  split_participants: SplitParticipantsTable;
  split_history: SplitHistoryTable;
  split_seats: SplitSeatsTable;
}
