-- Refunds and chargebacks. Written only by the worker: the refund workflow's and the
-- split workflow's activities. Checkout reads these tables (history, idempotent replays).

-- One row per refund however it was made: the API key, the dashboard, or the processor's own
-- dashboard (one row per processor refund we did not make ourselves).
CREATE TABLE split_refunds (
  id uuid PRIMARY KEY,
  split_id uuid NOT NULL REFERENCES splits (id),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  source text NOT NULL CHECK (source IN ('api', 'dashboard', 'processor')),
  -- What the history shows: `api_key`, `dashboard:<user id>` or `processor`.
  actor text NOT NULL,
  -- Who exactly, for support: `api_key:<key id>`, `user:<id>`, `processor`.
  actor_detail text NOT NULL,
  -- Pence as asked; null when the caller asked for everything still outstanding.
  requested_amount bigint CHECK (requested_amount > 0),
  -- Pence of shares this refund set out to return, and what it did return (fees not included).
  amount bigint NOT NULL CHECK (amount >= 0),
  refunded bigint NOT NULL DEFAULT 0 CHECK (refunded >= 0),
  status text NOT NULL CHECK (status IN ('in_progress', 'complete', 'partial')),
  -- Shown on the order, never sent to the processor.
  reason text CHECK (char_length(reason) <= 500),
  idempotency_key text CHECK (char_length(idempotency_key) <= 255),
  -- The answer the API gave, replayed for a repeated idempotency_key.
  result jsonb,
  -- The processor's refusal that stopped a partial refund.
  failure jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX split_refunds_split ON split_refunds (split_id, created_at);
CREATE UNIQUE INDEX split_refunds_idempotency ON split_refunds (merchant_id, mode, idempotency_key)
  WHERE idempotency_key IS NOT NULL;

-- One row per participant a refund touches: each is its own processor refund.
CREATE TABLE split_refund_slices (
  refund_id uuid NOT NULL REFERENCES split_refunds (id),
  participant_id uuid NOT NULL REFERENCES split_participants (id),
  position integer NOT NULL,
  -- Pence of the share returned by this slice.
  amount bigint NOT NULL CHECK (amount >= 0),
  -- The customer's service fee returned in the same processor refund (the completing slice only).
  customer_fee bigint NOT NULL DEFAULT 0 CHECK (customer_fee >= 0),
  completes_share boolean NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  -- Unique: a processor refund is counted once, whoever noticed it first.
  processor_refund_id text UNIQUE,
  -- True once the service's application fee on this charge was reversed with this slice.
  application_fee_refunded boolean NOT NULL DEFAULT false,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (refund_id, participant_id)
);
CREATE INDEX split_refund_slices_participant ON split_refund_slices (participant_id);

-- Chargebacks seen, one row per processor dispute (the owner is e-mailed once per dispute).
CREATE TABLE split_disputes (
  id text PRIMARY KEY,
  split_id uuid NOT NULL REFERENCES splits (id),
  participant_id uuid NOT NULL REFERENCES split_participants (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  -- Pence disputed, as the processor reports it (the card charge, fee included).
  amount bigint NOT NULL,
  reason text,
  processor_status text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX split_disputes_split ON split_disputes (split_id);
