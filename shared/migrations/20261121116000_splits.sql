-- Splits. Every table here is written only by the worker: the split workflow's
-- activities keep this projection in step with the workflow, which owns the split's status.
-- Checkout (and anyone else) only reads it.

CREATE TABLE splits (
  id uuid PRIMARY KEY,
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  created_by uuid REFERENCES users (id),
  order_reference text NOT NULL,
  currency text NOT NULL,
  -- 'creating' is internal (holds being placed) and never shown by the API.
  status text NOT NULL CHECK (status IN (
    'creating', 'pending', 'capturing', 'captured', 'canceling', 'canceled',
    'refunded', 'partially_refunded', 'creation_failed', 'capture_failed'
  )),
  -- Pence. Fees are computed once at creation and never recalculated.
  total_amount bigint NOT NULL CHECK (total_amount > 0),
  customer_fee_total bigint NOT NULL,
  merchant_fee_total bigint NOT NULL,
  application_fee_total bigint NOT NULL,
  merchant_fee_bps integer NOT NULL,
  processor_account_id text NOT NULL,
  authorization_expires_at timestamptz NOT NULL,
  disputed_at timestamptz,
  -- Hosted checkout: the session this split pays, and what webhooks echo from it.
  session_token text,
  session_context jsonb,
  failure_reason text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX splits_merchant ON splits (merchant_id, created_at DESC);
CREATE INDEX splits_created_by ON splits (created_by, created_at DESC);
CREATE INDEX splits_session ON splits (session_token) WHERE session_token IS NOT NULL;

CREATE TABLE split_participants (
  id uuid PRIMARY KEY,
  split_id uuid NOT NULL REFERENCES splits (id),
  -- Order holds are placed and captured in.
  position integer NOT NULL,
  user_id uuid REFERENCES users (id),
  email text NOT NULL,
  -- Pence: the share, the customer fee on top of it, and the merchant fee taken from it.
  amount bigint NOT NULL CHECK (amount >= 100),
  customer_fee bigint NOT NULL,
  merchant_fee bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'authorised', 'captured', 'canceled', 'refunded')),
  processor_payment_intent_id text,
  processor_client_secret text,
  -- The pay link's secret; the business gets it back (docs/spec.md, Participant), so it is stored as issued.
  pay_token text NOT NULL UNIQUE,
  capture_before timestamptz,
  refunded_amount bigint NOT NULL DEFAULT 0,
  disputed_at timestamptz,
  authorised_at timestamptz,
  captured_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (split_id, position)
);
CREATE INDEX split_participants_email ON split_participants (lower(email));
CREATE INDEX split_participants_payment_intent ON split_participants (processor_payment_intent_id);

-- Everything that happened to a split, in order: transitions, processor outcomes, support actions.
CREATE TABLE split_history (
  id bigserial PRIMARY KEY,
  split_id uuid NOT NULL REFERENCES splits (id),
  participant_id uuid REFERENCES split_participants (id),
  kind text NOT NULL,
  from_status text,
  to_status text,
  -- `system`, `user:<id>`, `api_key:<id>`, `processor`, `expiry`, `support:<name>`.
  actor text NOT NULL,
  detail jsonb,
  -- Stable id of the cause, so a retried activity records it once.
  dedupe_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX split_history_split ON split_history (split_id, id);
