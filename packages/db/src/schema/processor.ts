import type { ColumnType, Generated } from 'kysely';

/**
 * The processor layer's tables. The emulator's are in its own migration set
 * (services/processor-emulator/migrations); the other two in packages/db/migrations.
 *   emulator_*                  written only by services/processor-emulator
 *   processor_events            written by checkout (processor webhook ingestion)
 *   merchant_processor_accounts written by merchants (connect and reconcile)
 */

/** A jsonb column: read as the parsed value, written as a JSON string. */
export type Json<T> = ColumnType<T, string, string>;
/** A nullable jsonb column. */
export type NullableJson<T> = ColumnType<T | null, string | null, string | null>;
type Mode = 'test' | 'live';

export type EmulatorCard = {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  funding: string;
  country: string;
};

export interface EmulatorAccountsTable {
  id: string;
  mode: Mode;
  type: Generated<string>;
  country: string;
  default_currency: string;
  email: string | null;
  business_name: string | null;
  metadata: Json<Record<string, string>>;
  charges_enabled: Generated<boolean>;
  payouts_enabled: Generated<boolean>;
  details_submitted: Generated<boolean>;
  owner_identity_verified: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface EmulatorAccountLinksTable {
  token: string;
  account_id: string;
  mode: Mode;
  type: string;
  refresh_url: string;
  return_url: string;
  expires_at: Date;
  visited_at: Date | null;
  completed_at: Date | null;
  created_at: Generated<Date>;
}

export interface EmulatorCustomersTable {
  id: string;
  mode: Mode;
  account: string;
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Json<Record<string, string>>;
  default_payment_method: string | null;
  created_at: Generated<Date>;
}

export interface EmulatorPaymentMethodsTable extends EmulatorCard {
  id: string;
  mode: Mode;
  account: string;
  test_card: string;
  customer: string | null;
  metadata: Json<Record<string, string>>;
  created_at: Generated<Date>;
}

/** A Checkout Session; only `mode=setup` (a hosted card set-up page) is emulated. */
export interface EmulatorCheckoutSessionsTable {
  id: string;
  mode: Mode;
  account: string;
  /** Stripe's `mode` of the session (`setup`); `mode` above is the key's test/live. */
  session_mode: string;
  status: 'open' | 'complete' | 'expired';
  currency: string | null;
  customer: string | null;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string | null;
  metadata: Json<Record<string, string>>;
  setup_intent: string | null;
  expires_at: Date;
  completed_at: Date | null;
  created_at: Generated<Date>;
}

/** A Payment Method Domain (a web domain an account shows wallet buttons on). */
export interface EmulatorPaymentMethodDomainsTable {
  id: string;
  mode: Mode;
  account: string;
  domain_name: string;
  enabled: Generated<boolean>;
  /** Whether Apple's domain check passes when the domain is next registered or validated (control API). */
  apple_pay_check: Generated<boolean>;
  /** Why Apple Pay is inactive on the domain, when it is. */
  apple_pay_error: string | null;
  created_at: Generated<Date>;
}

export interface EmulatorSetupIntentsTable {
  id: string;
  mode: Mode;
  account: string;
  status: string;
  customer: string | null;
  payment_method: string | null;
  client_secret: string;
  usage: string;
  metadata: Json<Record<string, string>>;
  created_at: Generated<Date>;
}

export interface EmulatorPaymentIntentsTable {
  id: string;
  mode: Mode;
  account: string;
  amount: number;
  currency: string;
  status: string;
  capture_method: string;
  application_fee_amount: number | null;
  description: string | null;
  metadata: Json<Record<string, string>>;
  payment_method: string | null;
  payment_method_types: Json<string[]>;
  customer: string | null;
  client_secret: string;
  amount_capturable: Generated<number>;
  amount_received: Generated<number>;
  latest_charge: string | null;
  last_payment_error: NullableJson<Record<string, unknown>>;
  /** Stripe's next_action while `requires_action` (3-D Secure), else null. */
  next_action: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** The return_url of the last confirm that asked for authentication. */
  return_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** payment_method_options[card][request_three_d_secure]: 'automatic' (default), 'any' or 'challenge'. */
  request_three_d_secure: Generated<string>;
  cancellation_reason: string | null;
  canceled_at: Date | null;
  capture_calls: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface EmulatorChargesTable {
  id: string;
  mode: Mode;
  account: string;
  payment_intent: string;
  amount: number;
  currency: string;
  status: 'succeeded' | 'failed';
  paid: boolean;
  captured: Generated<boolean>;
  amount_captured: Generated<number>;
  amount_refunded: Generated<number>;
  refunded: Generated<boolean>;
  disputed: Generated<boolean>;
  payment_method: string;
  card: Json<EmulatorCard>;
  capture_before: Date | null;
  application_fee_id: string | null;
  application_fee_amount: number | null;
  application_fee_refunded: Generated<number>;
  failure_code: string | null;
  failure_message: string | null;
  decline_code: string | null;
  description: string | null;
  metadata: Json<Record<string, string>>;
  created_at: Generated<Date>;
}

/** What a refund and a dispute both are: an amount of one charge, on its account and in its mode. */
interface EmulatorChargeClaim {
  id: string;
  mode: Mode;
  account: string;
  charge: string;
  payment_intent: string;
  amount: number;
  currency: string;
}

export interface EmulatorRefundsTable extends EmulatorChargeClaim {
  status: string;
  reason: string | null;
  metadata: Json<Record<string, string>>;
  refund_application_fee: boolean;
  application_fee_refunded: number;
  source: 'api' | 'dashboard';
  created_at: Generated<Date>;
}

export interface EmulatorFeeRefundsTable {
  id: string;
  mode: Mode;
  fee: string;
  charge: string;
  amount: number;
  metadata: Json<Record<string, string>>;
  created_at: Generated<Date>;
}

export interface EmulatorDisputesTable extends EmulatorChargeClaim {
  reason: string;
  status: string;
  created_at: Generated<Date>;
}

export interface EmulatorIdempotencyTable {
  mode: Mode;
  account: string;
  key: string;
  method: string;
  path: string;
  params_hash: string;
  status: number | null;
  response: NullableJson<unknown>;
  request_id: string;
  created_at: Generated<Date>;
  completed_at: Date | null;
}

export interface EmulatorEventsTable {
  id: string;
  mode: Mode;
  account: string | null;
  type: string;
  data: Json<{ object: Record<string, unknown>; previous_attributes?: Record<string, unknown> }>;
  request_id: string | null;
  idempotency_key: string | null;
  payment_intent: string | null;
  endpoint: string | null;
  delivery_status: 'pending' | 'delivered' | 'failed' | 'disabled';
  attempts: Generated<number>;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  locked_until: Date | null;
  delivered_at: Date | null;
  created_at: Generated<Date>;
}

/** Written by checkout: every processor event received, deduplicated on its id. */
export interface ProcessorEventsTable {
  id: string;
  mode: Mode;
  type: string;
  account_id: string | null;
  payload: Json<Record<string, unknown>>;
  received_at: Generated<Date>;
  deliveries: Generated<number>;
  processed_at: Date | null;
  last_error: string | null;
}

/** Written by merchants: the connected account per mode (live mirrored onto merchants.processor_*). */
export interface MerchantProcessorAccountsTable {
  merchant_id: string;
  mode: Mode;
  account_id: string;
  connected_at: Generated<Date>;
  charges_enabled: Generated<boolean>;
  details_submitted: Generated<boolean>;
  updated_at: Generated<Date>;
  /** Our pay domain as last registered on the account for wallets (20261206093500_pay_domain_wallets.sql). */
  pay_domain: Generated<string | null>;
  pay_domain_id: Generated<string | null>;
  /** Apple Pay's status on it (`active`/`inactive`) and why not, as the processor said. */
  apple_pay_status: Generated<'active' | 'inactive' | null>;
  apple_pay_error: Generated<string | null>;
  pay_domain_checked_at: Generated<Date | null>;
}

export interface ProcessorTables {
  emulator_accounts: EmulatorAccountsTable;
  emulator_account_links: EmulatorAccountLinksTable;
  emulator_customers: EmulatorCustomersTable;
  emulator_payment_methods: EmulatorPaymentMethodsTable;
  emulator_payment_intents: EmulatorPaymentIntentsTable;
  emulator_checkout_sessions: EmulatorCheckoutSessionsTable;
  emulator_setup_intents: EmulatorSetupIntentsTable;
  emulator_payment_method_domains: EmulatorPaymentMethodDomainsTable;
  emulator_charges: EmulatorChargesTable;
  emulator_refunds: EmulatorRefundsTable;
  emulator_fee_refunds: EmulatorFeeRefundsTable;
  emulator_disputes: EmulatorDisputesTable;
  emulator_idempotency: EmulatorIdempotencyTable;
  emulator_events: EmulatorEventsTable;
  processor_events: ProcessorEventsTable;
  merchant_processor_accounts: MerchantProcessorAccountsTable;
}
