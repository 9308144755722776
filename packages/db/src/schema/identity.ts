import type { Generated } from 'kysely';

/** Written by the merchants service. The gateway reads auth_sessions to authenticate bearers. */
export interface UsersTable {
  id: Generated<string>;
  email: string;
  name: string | null;
  identity_verified: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface AuthSessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  expires_at: Date;
  revoked_at: Date | null;
  created_at: Generated<Date>;
  /** The refresh session that made it (null for servers' sign-ins without one); revoking the family ends it. */
  family_id: string | null;
}

/** One sign-in on one device (docs/security.md, "Sessions that survive a reload"). Written by the merchants service. */
export interface SessionFamiliesTable {
  id: Generated<string>;
  user_id: string;
  created_at: Generated<Date>;
  last_used_at: Generated<Date>;
  expires_at: Date;
  user_agent: Generated<string>;
  client_ip: string;
  revoked_at: Date | null;
  revoked_reason: SessionEndReason | null;
}

/** Why a session family ended. */
export type SessionEndReason =
  | 'signed_out'
  | 'revoked_by_user'
  | 'signed_out_everywhere'
  | 'refresh_token_reused'
  | 'idle_timeout'
  | 'absolute_timeout';

/** Refresh credentials by hash; written by the merchants service. */
export interface RefreshTokensTable {
  token_hash: string;
  family_id: string;
  created_at: Generated<Date>;
  rotated_at: Date | null;
}

export interface ConsentsTable {
  user_id: string;
  terms_version: string;
  privacy_version: string;
  accepted_at: Generated<Date>;
}

export interface MerchantsTable {
  id: Generated<string>;
  name: string;
  legal_name: string;
  business_type: string;
  business_address: string;
  business_address_parts: unknown | null;
  business_email: string;
  business_phone: string;
  vat_number: string | null;
  company_number: string | null;
  country: Generated<string>;
  default_currency: Generated<string>;
  platform_fee_bps: Generated<number>;
  platform_fee_discount_bps: number | null;
  platform_fee_discount_ends_at: Date | null;
  allowed_domain: string | null;
  /** Test mode's return domain, or null: test-mode sessions then use allowed_domain. */
  test_allowed_domain: string | null;
  processor_account_id: string | null;
  processor_connected_at: Date | null;
  processor_charges_enabled: Generated<boolean>;
  processor_details_submitted: Generated<boolean>;
  verification_status: Generated<string>;
  verification_grandfathered: Generated<boolean>;
  paused_at: Date | null;
  paused_reason: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface MembershipsTable {
  id: Generated<string>;
  merchant_id: string;
  user_id: string;
  role: 'owner' | 'admin' | 'finance' | 'member';
  joined_at: Generated<Date>;
}

export interface IdentityTables {
  users: UsersTable;
  auth_sessions: AuthSessionsTable;
  session_families: SessionFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  consents: ConsentsTable;
  merchants: MerchantsTable;
  memberships: MembershipsTable;
}

/** Written by the merchants service (and support tooling); the database refuses UPDATE and DELETE. */
export interface AuditLogTable {
  id: Generated<number>;
  merchant_id: string;
  actor_user_id: string | null;
  actor_role: string;
  action: string;
  before: unknown | null;
  after: unknown | null;
  /** `refused`: a support signal the split workflow turned down (it changed nothing). */
  outcome: Generated<'accepted' | 'refused'>;
  /** Set by writers that may retry (the split workflow's support activity): one row per action. */
  dedupe_key: string | null;
  created_at: Generated<Date>;
}

/** Written by the worker's e-mail activity. */
export interface EmailsTable {
  id: string;
  recipient: string;
  template: string;
  subject: string;
  merchant_id: string | null;
  status: 'sending' | 'sent' | 'failed' | 'suppressed';
  error: string | null;
  attempts: Generated<number>;
  created_at: Generated<Date>;
  sent_at: Date | null;
  updated_at: Generated<Date>;
}

/**
 * Written by the checkout service: the first attempt it makes itself at an invitation e-mail, before
 * (and instead of, when it works) the worker's e-mail workflow. `request` is the workflow's input.
 */
export interface EmailFirstAttemptsTable {
  id: string;
  recipient: string;
  request: unknown;
  status: 'sending' | 'sent' | 'suppressed' | 'handed_over';
  error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Written by the merchants service (one-click unsubscribe). */
export interface EmailSuppressionsTable {
  email: string;
  created_at: Generated<Date>;
}

export interface MailTables {
  audit_log: AuditLogTable;
  emails: EmailsTable;
  email_first_attempts: EmailFirstAttemptsTable;
  email_suppressions: EmailSuppressionsTable;
}

/** Written by the merchants service (sign-in). */
export interface SignInCodesTable {
  id: Generated<string>;
  email: string;
  /** HMAC of the code; the code itself is only ever in the e-mail. */
  code_hash: string;
  expires_at: Date;
  /** Wrong tries from the connection that asked for the code (five make it dead). */
  failed_attempts: Generated<number>;
  consumed_at: Date | null;
  created_at: Generated<Date>;
  /** The client address that asked for the code (null for codes made before it was recorded). */
  requested_ip: string | null;
}

/** Written by the merchants service (PUT /api/merchants/billing/card). */
export interface BillingCardsTable {
  merchant_id: string;
  mode: 'test' | 'live';
  processor_customer_id: string;
  payment_method_id: string;
  brand: string;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Written by the merchants service (billing). */
export interface BillsTable {
  id: Generated<string>;
  merchant_id: string;
  mode: 'test' | 'live';
  /** Pence. */
  amount: number;
  description: string;
  issued_at: Generated<Date>;
  paid_at: Date | null;
  created_at: Generated<Date>;
}

// Declaration merging adds the sign-in and billing tables to the group declared above.
export interface IdentityTables {
  sign_in_codes: SignInCodesTable;
  billing_cards: BillingCardsTable;
  bills: BillsTable;
}
