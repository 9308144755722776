-- Processor layer (production tables; the emulator's tables are in services/processor-emulator/migrations).
--   processor_events             written by checkout (POST /api/processor/webhooks/:mode)
--   merchant_processor_accounts  written by merchants (connect, reconcile); the live row is mirrored onto merchants
--
-- This replaces the first processor migration, which also created the emulator's tables;
-- databases that ran that one already have these tables, so every statement is IF NOT EXISTS.

-- ---------------------------------------------------------------------------
-- Processor events received by checkout, deduplicated on the processor's event id.
-- ---------------------------------------------------------------------------
CREATE TABLE IF NOT EXISTS processor_events (
  id text PRIMARY KEY,
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  type text NOT NULL,
  account_id text,
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  deliveries integer NOT NULL DEFAULT 1,
  processed_at timestamptz,
  last_error text
);
CREATE INDEX IF NOT EXISTS processor_events_unprocessed ON processor_events (received_at) WHERE processed_at IS NULL;
CREATE INDEX IF NOT EXISTS processor_events_account ON processor_events (account_id, received_at);

-- ---------------------------------------------------------------------------
-- A merchant's connected processor account per mode. The live row is mirrored onto
-- merchants.processor_* (the fields of docs/spec.md, Merchant); test-mode accounts live only here.
-- ---------------------------------------------------------------------------
CREATE TABLE IF NOT EXISTS merchant_processor_accounts (
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  account_id text NOT NULL,
  connected_at timestamptz NOT NULL DEFAULT now(),
  charges_enabled boolean NOT NULL DEFAULT false,
  details_submitted boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, mode)
);
CREATE UNIQUE INDEX IF NOT EXISTS merchant_processor_accounts_account ON merchant_processor_accounts (mode, account_id);
