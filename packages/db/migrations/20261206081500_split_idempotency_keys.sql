-- Idempotency-Key of POST /api/checkout-splits (docs/splits.md, "Retrying a create"), per business
-- and mode: the key names the split id before the split workflow starts, so a retry joins the same
-- workflow and answers with the same split instead of placing a second set of holds. Forgotten after
-- 24 hours, as session create's keys are. Written only by checkout.
CREATE TABLE split_idempotency_keys (
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  idempotency_key text NOT NULL CHECK (length(idempotency_key) <= 255),
  request_hash text NOT NULL,
  split_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, mode, idempotency_key)
);
