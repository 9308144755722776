import type { ColumnType, Generated } from 'kysely';

/**
 * Hosted checkout (the baseline migration, 20261121100000_baseline.sql).
 *   checkout_sessions, checkout_images, checkout_idempotency_keys   written only by checkout
 *   checkout_session_expiries, checkout_remind_calls,
 *   checkout_participant_reminders                                   written only by the worker
 *   pay_page_views (migration 20261127140100_pay_page_views.sql)     written only by checkout
 *   split_idempotency_keys (20261206081500_split_idempotency_keys)  written only by checkout
 *   split_invitation_plans (20261207130000_split_invitation_plans)  written only by checkout
 */

type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null, string | null>;

/** One stored line; `amount` is the line's total in pence (negative for a discount). */
export type StoredLineItem = {
  description: string;
  amount: number;
  quantity: number;
  image_id: string | null;
};

export interface CheckoutSessionsTable {
  token: string;
  merchant_id: string;
  mode: 'test' | 'live';
  api_key_id: string | null;
  /** Pence. */
  amount: number;
  currency: Generated<string>;
  order_reference: string;
  return_url: string;
  cancel_url: string | null;
  customer_email: string | null;
  customer_name: string | null;
  metadata: NullableJson<Record<string, string>>;
  line_items: Json<StoredLineItem[]>;
  split_id: string | null;
  split_claimed_by: string | null;
  /** The split the claim is for: its workflow is `split:<split_claim_id>` (docs/hosted-checkout.md). */
  split_claim_id: string | null;
  split_claimed_at: Date | null;
  expires_at: Date;
  created_at: Generated<Date>;
  /** `automatic` (default) or `merchant_accept` (migration 20261127193700_merchant_accept.sql). */
  capture: Generated<CaptureChoice>;
}

/** When a session's split captures: as soon as every share is authorised, or once the merchant accepts. */
export const CAPTURE_CHOICES = ['automatic', 'merchant_accept'] as const;
export type CaptureChoice = (typeof CAPTURE_CHOICES)[number];

export interface CheckoutImagesTable {
  id: string;
  session_token: string;
  content_type: string;
  bytes: Buffer;
  created_at: Generated<Date>;
}

export interface CheckoutIdempotencyKeysTable {
  merchant_id: string;
  mode: 'test' | 'live';
  idempotency_key: string;
  request_hash: string;
  session_token: string;
  created_at: Generated<Date>;
}

/** Idempotency-Key of POST /api/checkout-splits: the split id a key named (docs/splits.md, "Retrying a create"). */
export interface SplitIdempotencyKeysTable {
  merchant_id: string;
  mode: 'test' | 'live';
  idempotency_key: string;
  request_hash: string;
  split_id: string;
  created_at: Generated<Date>;
}

/**
 * A new split's invitations as planned before its workflow started (docs/splits.md, "Invitations"):
 * sent by the request that gets the creation's outcome, else by checkout's sweep once due.
 */
export interface SplitInvitationPlansTable {
  split_id: string;
  plan: Json<InvitationPlan>;
  created_at: Generated<Date>;
  due_at: Date;
  settled_at: Date | null;
}

/** What a new split's invitations say that its rows do not (the split, its shares and seats are read when sent). */
export type InvitationPlan = {
  /** The creating account's address: it gets no invitation (docs/splits.md, "Invitations"). */
  creatorEmail: string | null;
  /** Who asks, as the invitation names them. */
  requestedBy: string;
  /** The organiser's name as they typed it; null: none given. */
  organiserName: string | null;
  /** The hosted order's lines as the e-mails show them. */
  orderLines: { description: string; quantity: number; amount: string }[];
  /** Hosted checkout, splitting or paying alone: the creator's own share gets the organiser's e-mail. */
  organiserShare: { alone: boolean } | null;
};

export interface CheckoutSessionExpiriesTable {
  session_token: string;
  expired_at: Generated<Date>;
}

export interface CheckoutRemindCallsTable {
  id: Generated<number>;
  session_token: string;
  actor: string;
  reminded: number;
  skipped: number;
  created_at: Generated<Date>;
}

export interface CheckoutParticipantRemindersTable {
  participant_id: string;
  split_id: string;
  last_reminded_at: Date;
  reminder_count: Generated<number>;
}

/** A participant's first view of their pay page, per address (a replaced participant's new person has their own). */
export interface PayPageViewsTable {
  participant_id: string;
  email: string;
  split_id: string;
  first_viewed_at: Generated<Date>;
}

export interface CheckoutTables {
  checkout_sessions: CheckoutSessionsTable;
  checkout_images: CheckoutImagesTable;
  checkout_idempotency_keys: CheckoutIdempotencyKeysTable;
  checkout_session_expiries: CheckoutSessionExpiriesTable;
  checkout_remind_calls: CheckoutRemindCallsTable;
  checkout_participant_reminders: CheckoutParticipantRemindersTable;
  pay_page_views: PayPageViewsTable;
  split_idempotency_keys: SplitIdempotencyKeysTable;
  split_invitation_plans: SplitInvitationPlansTable;
}
