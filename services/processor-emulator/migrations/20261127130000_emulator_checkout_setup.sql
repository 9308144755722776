-- Checkout Sessions in setup mode (a hosted card set-up page) and the SetupIntents they complete with.
CREATE TABLE IF NOT EXISTS emulator_checkout_sessions (
  id text PRIMARY KEY,
  mode text NOT NULL,
  account text NOT NULL,
  session_mode text NOT NULL,
  status text NOT NULL,
  currency text,
  customer text,
  client_reference_id text,
  success_url text NOT NULL,
  cancel_url text,
  metadata jsonb NOT NULL DEFAULT '{}',
  setup_intent text,
  expires_at timestamptz NOT NULL,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS emulator_setup_intents (
  id text PRIMARY KEY,
  mode text NOT NULL,
  account text NOT NULL,
  status text NOT NULL,
  customer text,
  payment_method text,
  client_secret text NOT NULL,
  usage text NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
