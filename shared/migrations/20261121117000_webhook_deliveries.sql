-- The test send's sample events live in the outbox too, so they can be resent like any other.
ALTER TABLE webhook_events ADD COLUMN sample boolean NOT NULL DEFAULT false;

-- The webhook delivery log: one row per attempt to post an event. Written by the worker's
-- webhook activities; read by the merchants service (GET /api/merchants/webhooks/deliveries).
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Workflow that made the attempt: `webhook:<eventId>` for the outbox delivery, another id per test send or resend.
  delivery_id text NOT NULL,
  event_id uuid NOT NULL REFERENCES webhook_events (id),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  event_type text NOT NULL,
  trigger text NOT NULL CHECK (trigger IN ('event', 'test', 'resend')),
  attempt integer NOT NULL CHECK (attempt >= 1),
  url text,
  outcome text NOT NULL CHECK (outcome IN ('succeeded', 'failed', 'skipped')),
  status_code integer,
  response_excerpt text,
  duration_ms integer,
  error text,
  signed_at timestamptz,
  next_attempt_at timestamptz,
  gave_up_at timestamptz,
  started_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- An activity retried after it logged must not log the same attempt twice.
  UNIQUE (delivery_id, attempt)
);
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (merchant_id, mode, created_at DESC);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);
