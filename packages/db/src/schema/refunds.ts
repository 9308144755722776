import type { ColumnType, Generated } from 'kysely';

/**
 * Refunds and chargebacks (the baseline migration, 20261121100000_baseline.sql). Written only by the worker:
 * the refund workflow's and the split workflow's activities. Checkout only reads.
 */

type NullableJson<T> = ColumnType<T | null, string | null, string | null>;

export const REFUND_SOURCES = ['api', 'dashboard', 'processor'] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];

/** The history's statuses (docs/spec.md, Refund result and history). */
export const REFUND_STATUSES = ['in_progress', 'complete', 'partial'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export type RefundSliceStatus = 'pending' | 'succeeded' | 'failed';

/** Why a refund stopped part-way: the participant whose processor refund was refused. */
export type RefundFailure = {
  participant_id: string;
  email: string;
  amount: number;
  error: string;
  code: string | null;
};

export interface SplitRefundsTable {
  id: string;
  split_id: string;
  merchant_id: string;
  mode: 'test' | 'live';
  source: RefundSource;
  /** `api_key`, `dashboard:<user id>` or `processor` (what the history shows). */
  actor: string;
  /** `api_key:<key id>`, `user:<id>` or `processor`. */
  actor_detail: string;
  /** Pence; null = everything outstanding. */
  requested_amount: number | null;
  /** Pence of shares to return, and returned (customer fees not included). */
  amount: number;
  refunded: Generated<number>;
  status: RefundStatus;
  reason: string | null;
  idempotency_key: string | null;
  /** The API answer replayed for a repeated idempotency_key. */
  result: NullableJson<Record<string, unknown>>;
  failure: NullableJson<RefundFailure>;
  created_at: Generated<Date>;
  completed_at: Date | null;
}

export interface SplitRefundSlicesTable {
  refund_id: string;
  participant_id: string;
  position: number;
  /** Pence of the share. */
  amount: number;
  /** The customer's service fee returned in the same processor refund (completing slice only). */
  customer_fee: Generated<number>;
  completes_share: boolean;
  status: RefundSliceStatus;
  processor_refund_id: string | null;
  application_fee_refunded: Generated<boolean>;
  error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SplitDisputesTable {
  /** The processor's dispute id. */
  id: string;
  split_id: string;
  participant_id: string;
  mode: 'test' | 'live';
  amount: number;
  reason: string | null;
  processor_status: string | null;
  created_at: Generated<Date>;
}

export interface RefundsTables {
  split_refunds: SplitRefundsTable;
  split_refund_slices: SplitRefundSlicesTable;
  split_disputes: SplitDisputesTable;
}
