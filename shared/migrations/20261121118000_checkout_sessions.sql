-- Hosted checkout.
--   checkout_sessions, checkout_images, checkout_idempotency_keys  written only by checkout
--   checkout_session_expiries, checkout_remind_calls,
--   checkout_participant_reminders                                  written only by the worker
--     (the expiry sweeper, and the remind workflow that both the remind route and the daily job run)

CREATE TABLE checkout_sessions (
  -- Random, at least 128 bits; it is the buyer's credential for the hosted page and lookup.
  token text PRIMARY KEY,
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  api_key_id uuid REFERENCES api_keys (id),
  -- Pence.
  amount bigint NOT NULL CHECK (amount BETWEEN 100 AND 500000),
  currency text NOT NULL DEFAULT 'gbp',
  order_reference text NOT NULL,
  return_url text NOT NULL,
  cancel_url text,
  customer_email text,
  customer_name text,
  metadata jsonb,
  -- [{ description, amount (pence, the line's total), quantity, image_id }]
  line_items jsonb NOT NULL DEFAULT '[]',
  -- Claimed by the buyer before the split workflow starts, so two tabs cannot both create one.
  -- No foreign key: the splits row is written by the worker a moment after the claim.
  split_id uuid,
  split_claimed_by uuid REFERENCES users (id),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX checkout_sessions_merchant ON checkout_sessions (merchant_id, created_at DESC);
CREATE INDEX checkout_sessions_expiring ON checkout_sessions (expires_at) WHERE split_id IS NULL;
CREATE UNIQUE INDEX checkout_sessions_split ON checkout_sessions (split_id) WHERE split_id IS NOT NULL;

-- Line-item pictures, fetched once at creation and re-served from the service's own URL.
CREATE TABLE checkout_images (
  id uuid PRIMARY KEY,
  session_token text NOT NULL REFERENCES checkout_sessions (token),
  content_type text NOT NULL,
  bytes bytea NOT NULL CHECK (octet_length(bytes) <= 2097152),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX checkout_images_session ON checkout_images (session_token);

-- Idempotency-Key of session creation, per merchant and mode; forgotten after 24 hours.
CREATE TABLE checkout_idempotency_keys (
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  idempotency_key text NOT NULL CHECK (length(idempotency_key) <= 255),
  request_hash text NOT NULL,
  session_token text NOT NULL REFERENCES checkout_sessions (token),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, mode, idempotency_key)
);

-- Written by the sweeper in the transaction that records checkout_session.expired.
CREATE TABLE checkout_session_expiries (
  session_token text PRIMARY KEY REFERENCES checkout_sessions (token),
  expired_at timestamptz NOT NULL DEFAULT now()
);

-- One row per successful remind call; three per session.
CREATE TABLE checkout_remind_calls (
  id bigserial PRIMARY KEY,
  session_token text NOT NULL REFERENCES checkout_sessions (token),
  -- `api_key:<id>` or `user:<id>`.
  actor text NOT NULL,
  reminded integer NOT NULL,
  skipped integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX checkout_remind_calls_session ON checkout_remind_calls (session_token);

-- When each participant was last reminded, whoever asked (remind call or the daily job).
CREATE TABLE checkout_participant_reminders (
  participant_id uuid PRIMARY KEY REFERENCES split_participants (id),
  split_id uuid NOT NULL REFERENCES splits (id),
  last_reminded_at timestamptz NOT NULL,
  reminder_count integer NOT NULL DEFAULT 1
);
