-- Identity and merchant accounts. All three tables are written by the merchants service.

-- One-time sign-in codes. Only an HMAC of the code is kept; a new request replaces the
-- address's previous code, so at most one code per address is live at a time.
CREATE TABLE sign_in_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Addresses are stored lower-cased, so a plain unique index serves the upsert.
CREATE UNIQUE INDEX sign_in_codes_email_key ON sign_in_codes (email);

CREATE INDEX auth_sessions_user ON auth_sessions (user_id);

-- The card the service bills its own fees to, one per merchant and mode.
CREATE TABLE billing_cards (
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  processor_customer_id text NOT NULL,
  payment_method_id text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL,
  exp_month integer,
  exp_year integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, mode)
);

-- The service's bills to a merchant. A bill unpaid 14 days after issue pauses splits (gate billing_paused).
CREATE TABLE bills (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  amount bigint NOT NULL CHECK (amount >= 0), -- pence
  description text NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bills_unpaid ON bills (merchant_id, mode, issued_at) WHERE paid_at IS NULL;
