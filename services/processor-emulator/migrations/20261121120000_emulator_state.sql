-- The processor emulator's state (the Stripe-compatible sandbox, services/processor-emulator),
-- written only by the emulator. Production never runs this set: only the emulator's own
-- start-up, `npm start` and the tests apply it (see docs/processor.md).
--
-- Until this set existed these tables came from the production set's processor migration, so
-- databases made back then already have them: every statement is IF NOT EXISTS.

-- ---------------------------------------------------------------------------
-- Emulator state. `mode` is the key mode (sk_test_ / sk_live_) that created the
-- object; `account` is the connected account it lives on, or 'platform'.
-- ---------------------------------------------------------------------------
CREATE TABLE IF NOT EXISTS emulator_accounts (
  id text PRIMARY KEY,
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  type text NOT NULL DEFAULT 'standard',
  country text NOT NULL,
  default_currency text NOT NULL,
  email text,
  business_name text,
  metadata jsonb NOT NULL DEFAULT '{}',
  charges_enabled boolean NOT NULL DEFAULT false,
  payouts_enabled boolean NOT NULL DEFAULT false,
  details_submitted boolean NOT NULL DEFAULT false,
  owner_identity_verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS emulator_account_links (
  token text PRIMARY KEY,
  account_id text NOT NULL REFERENCES emulator_accounts (id),
  mode text NOT NULL,
  type text NOT NULL,
  refresh_url text NOT NULL,
  return_url text NOT NULL,
  expires_at timestamptz NOT NULL,
  visited_at timestamptz,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS emulator_account_links_account ON emulator_account_links (account_id);

CREATE TABLE IF NOT EXISTS emulator_customers (
  id text PRIMARY KEY,
  mode text NOT NULL,
  account text NOT NULL,
  email text,
  name text,
  description text,
  metadata jsonb NOT NULL DEFAULT '{}',
  default_payment_method text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS emulator_payment_methods (
  id text PRIMARY KEY,
  mode text NOT NULL,
  account text NOT NULL,
  -- The magic test card it was made from (pm_card_visa, ...): decides how charges behave.
  test_card text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL,
  exp_month integer NOT NULL,
  exp_year integer NOT NULL,
  funding text NOT NULL,
  country text NOT NULL,
  customer text,
  metadata jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS emulator_payment_methods_customer ON emulator_payment_methods (customer);

CREATE TABLE IF NOT EXISTS emulator_payment_intents (
  id text PRIMARY KEY,
  mode text NOT NULL,
  account text NOT NULL,
  amount bigint NOT NULL,
  currency text NOT NULL,
  status text NOT NULL,
  capture_method text NOT NULL,
  application_fee_amount bigint,
  description text,
  metadata jsonb NOT NULL DEFAULT '{}',
  payment_method text,
  payment_method_types jsonb NOT NULL DEFAULT '["card"]',
  customer text,
  client_secret text NOT NULL,
  amount_capturable bigint NOT NULL DEFAULT 0,
  amount_received bigint NOT NULL DEFAULT 0,
  latest_charge text,
  last_payment_error jsonb,
  cancellation_reason text,
  canceled_at timestamptz,
  -- Capture calls that moved money (a replayed or refused capture does not count).
  capture_calls integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS emulator_payment_intents_account ON emulator_payment_intents (account, created_at);

CREATE TABLE IF NOT EXISTS emulator_charges (
  id text PRIMARY KEY,
  mode text NOT NULL,
  account text NOT NULL,
  payment_intent text NOT NULL REFERENCES emulator_payment_intents (id),
  amount bigint NOT NULL,
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('succeeded', 'failed')),
  paid boolean NOT NULL,
  captured boolean NOT NULL DEFAULT false,
  amount_captured bigint NOT NULL DEFAULT 0,
  amount_refunded bigint NOT NULL DEFAULT 0,
  refunded boolean NOT NULL DEFAULT false,
  disputed boolean NOT NULL DEFAULT false,
  payment_method text NOT NULL,
  card jsonb NOT NULL,
  capture_before timestamptz,
  application_fee_id text,
  application_fee_amount bigint,
  application_fee_refunded bigint NOT NULL DEFAULT 0,
  failure_code text,
  failure_message text,
  decline_code text,
  description text,
  metadata jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS emulator_charges_payment_intent ON emulator_charges (payment_intent);
CREATE UNIQUE INDEX IF NOT EXISTS emulator_charges_fee ON emulator_charges (application_fee_id) WHERE application_fee_id IS NOT NULL;

CREATE TABLE IF NOT EXISTS emulator_refunds (
  id text PRIMARY KEY,
  mode text NOT NULL,
  account text NOT NULL,
  charge text NOT NULL REFERENCES emulator_charges (id),
  payment_intent text NOT NULL,
  amount bigint NOT NULL,
  currency text NOT NULL,
  status text NOT NULL,
  reason text,
  metadata jsonb NOT NULL DEFAULT '{}',
  refund_application_fee boolean NOT NULL DEFAULT false,
  application_fee_refunded bigint NOT NULL DEFAULT 0,
  -- 'api' (through the API) or 'dashboard' (the control API's processor-dashboard refund).
  source text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS emulator_refunds_payment_intent ON emulator_refunds (payment_intent, created_at);

-- Application-fee refunds made directly on the fee (POST /v1/application_fees/:id/refunds).
CREATE TABLE IF NOT EXISTS emulator_fee_refunds (
  id text PRIMARY KEY,
  mode text NOT NULL,
  fee text NOT NULL,
  charge text NOT NULL REFERENCES emulator_charges (id),
  amount bigint NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS emulator_disputes (
  id text PRIMARY KEY,
  mode text NOT NULL,
  account text NOT NULL,
  charge text NOT NULL REFERENCES emulator_charges (id),
  payment_intent text NOT NULL,
  amount bigint NOT NULL,
  currency text NOT NULL,
  reason text NOT NULL,
  status text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Idempotency-Key memory, scoped like Stripe's: per key mode and account.
CREATE TABLE IF NOT EXISTS emulator_idempotency (
  mode text NOT NULL,
  account text NOT NULL,
  key text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  params_hash text NOT NULL,
  status integer,
  response jsonb,
  request_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (mode, account, key)
);

CREATE TABLE IF NOT EXISTS emulator_events (
  id text PRIMARY KEY,
  mode text NOT NULL,
  -- Connected account the event belongs to (the `account` field of a Connect event); null for the platform.
  account text,
  type text NOT NULL,
  data jsonb NOT NULL,
  request_id text,
  idempotency_key text,
  payment_intent text,
  endpoint text,
  delivery_status text NOT NULL CHECK (delivery_status IN ('pending', 'delivered', 'failed', 'disabled')),
  attempts integer NOT NULL DEFAULT 0,
  last_status integer,
  last_error text,
  next_attempt_at timestamptz,
  locked_until timestamptz,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX IF NOT EXISTS emulator_events_pending ON emulator_events (endpoint, created_at) WHERE delivery_status = 'pending';
CREATE INDEX IF NOT EXISTS emulator_events_payment_intent ON emulator_events (payment_intent, created_at);
