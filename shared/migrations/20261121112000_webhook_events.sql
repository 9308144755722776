-- Outbox of merchant-facing events. A row is written in the same transaction as the
-- state change that caused it; delivery reads from here. Written by the worker.
CREATE TABLE webhook_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  type text NOT NULL,
  payload jsonb NOT NULL,
  -- Stable id of the cause (for example `paid:<splitId>`), so a retried activity cannot invent a second event.
  dedupe_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  dispatched_at timestamptz
);
CREATE INDEX webhook_events_undispatched ON webhook_events (created_at) WHERE dispatched_at IS NULL;
CREATE INDEX webhook_events_merchant ON webhook_events (merchant_id, created_at DESC);
