-- Baseline: the schema the first days of migrations built, folded into one file before the first release. It
-- folds 20261121110000_foundation.sql to 20261121130000_drop_skeleton.sql, whose texts
-- live on in testing/src/fixtures/migrations-before-baseline/. A database that recorded all of them
-- has this schema already: the runner records this file for it without running it
-- (shared/src/db/baseline.ts, docs/development.md "Migrations"). A new database runs it.

-- Foundation: identity core that the gateway authenticates against.
CREATE EXTENSION IF NOT EXISTS pgcrypto;

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  name text,
  identity_verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE auth_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE consents (
  user_id uuid NOT NULL REFERENCES users (id),
  terms_version text NOT NULL,
  privacy_version text NOT NULL,
  accepted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, terms_version, privacy_version)
);

CREATE TABLE merchants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  legal_name text NOT NULL,
  business_type text NOT NULL,
  business_address text NOT NULL,
  business_address_parts jsonb,
  business_email text NOT NULL,
  business_phone text NOT NULL,
  vat_number text,
  company_number text,
  country text NOT NULL DEFAULT 'GB',
  default_currency text NOT NULL DEFAULT 'gbp',
  platform_fee_bps integer NOT NULL DEFAULT 300,
  platform_fee_discount_bps integer,
  platform_fee_discount_ends_at timestamptz,
  allowed_domain text,
  processor_account_id text,
  processor_connected_at timestamptz,
  processor_charges_enabled boolean NOT NULL DEFAULT false,
  processor_details_submitted boolean NOT NULL DEFAULT false,
  verification_status text NOT NULL DEFAULT 'unverified',
  verification_grandfathered boolean NOT NULL DEFAULT false,
  paused_at timestamptz,
  paused_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX merchants_company_number_key ON merchants (upper(company_number)) WHERE company_number IS NOT NULL;

CREATE TABLE memberships (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  user_id uuid NOT NULL REFERENCES users (id),
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'finance', 'member')),
  joined_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, user_id)
);
-- Exactly one owner per business.
CREATE UNIQUE INDEX memberships_one_owner ON memberships (merchant_id) WHERE role = 'owner';
CREATE INDEX memberships_user ON memberships (user_id);

CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  name text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  key_hash text NOT NULL UNIQUE,
  last_four text NOT NULL,
  created_by uuid REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_merchant ON api_keys (merchant_id);

-- =============================================================================================

-- Immutable history of changes to business details, processors, team, API keys, webhook settings and bank details.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  actor_user_id uuid REFERENCES users (id),
  actor_role text NOT NULL,
  action text NOT NULL,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_merchant ON audit_log (merchant_id, created_at DESC);

CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP;
END;
$$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only();

-- Every e-mail the system sends; written by the worker's e-mail activity.
CREATE TABLE emails (
  id uuid PRIMARY KEY,
  recipient text NOT NULL,
  template text NOT NULL,
  subject text NOT NULL,
  merchant_id uuid,
  status text NOT NULL CHECK (status IN ('sending', 'sent', 'failed', 'suppressed')),
  error text,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX emails_recipient ON emails (lower(recipient), created_at DESC);

-- Addresses that asked to stop participant e-mails; written by the merchants service (unsubscribe link).
CREATE TABLE email_suppressions (
  email text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- =============================================================================================

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

-- =============================================================================================

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

-- =============================================================================================

-- Integration credentials and limits.
--   webhook_settings         written by merchants: per-mode webhook URL and encrypted signing secret
--   rate_limits              written by the gateway: rate-limiter-flexible's Postgres store
--   public_form_submissions  written by merchants: contact, waitlist and partner forms

CREATE TABLE webhook_settings (
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  url text,
  -- AES-256-GCM ciphertext (v1.<iv>.<tag>.<data>); the plaintext secret is never stored.
  secret_ciphertext text,
  previous_secret_ciphertext text,
  rotated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, mode)
);

-- Shape required by rate-limiter-flexible's RateLimiterPostgres (created here, not by the library at run time).
CREATE TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX rate_limits_expire ON rate_limits (expire);

CREATE TABLE public_form_submissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  form text NOT NULL CHECK (form IN ('contact', 'waitlist', 'partner')),
  email text NOT NULL,
  name text,
  company text,
  message text,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX public_form_submissions_form ON public_form_submissions (form, created_at DESC);

-- =============================================================================================

-- Team invitations. Written only by the merchants service.
CREATE TABLE team_invites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'finance', 'member')),
  -- Only the hash of the single-use link token is kept; resend replaces it.
  token_hash text NOT NULL UNIQUE,
  -- 'expired' marks a lapsed pending invitation that a new invitation to the same address replaced.
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'revoked', 'expired')),
  invited_by uuid REFERENCES users (id),
  expires_at timestamptz NOT NULL,
  accepted_by uuid REFERENCES users (id),
  accepted_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- At most one live invitation per address per business; a racing duplicate fails here.
CREATE UNIQUE INDEX team_invites_one_pending ON team_invites (merchant_id, lower(email)) WHERE status = 'pending';
CREATE INDEX team_invites_merchant ON team_invites (merchant_id, created_at);

-- =============================================================================================

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

-- =============================================================================================

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

-- =============================================================================================

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

-- =============================================================================================

-- Reconciliation janitor: where the splits projection and the processor disagree.
-- Written only by the worker (the janitor's activities, and the support CLI that ships with it).
-- A finding stays open while the drift is seen; a later sweep that no longer sees it closes it.

CREATE TABLE janitor_findings (
  id bigserial PRIMARY KEY,
  split_id uuid NOT NULL REFERENCES splits (id),
  participant_id uuid REFERENCES split_participants (id),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  kind text NOT NULL CHECK (kind IN (
    'hold_lapsed', 'captured_in_dashboard', 'authorisation_missed', 'capture_missing', 'stuck'
  )),
  -- What the janitor did about it: signalled the split workflow, or left it for support.
  action text NOT NULL CHECK (action IN ('signalled_cancel', 'signalled_authorisation', 'flagged')),
  split_status text NOT NULL,
  participant_status text,
  processor_status text,
  detail jsonb,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  -- `janitor` (drift no longer seen) or `support:<name>`.
  resolved_by text,
  resolution text
);
-- One open finding per split, participant and kind; sweeps refresh it rather than add rows.
CREATE UNIQUE INDEX janitor_findings_open ON janitor_findings (
  split_id, kind, COALESCE(participant_id, '00000000-0000-0000-0000-000000000000'::uuid)
) WHERE resolved_at IS NULL;
CREATE INDEX janitor_findings_open_by_merchant ON janitor_findings (merchant_id, first_seen_at)
  WHERE resolved_at IS NULL;

-- =============================================================================================

-- Processor layer (production tables; the emulator's tables are in services/processor-emulator/migrations).
--   processor_events             written by checkout (POST /api/processor/webhooks/:mode)
--   merchant_processor_accounts  written by merchants (connect, reconcile); the live row is mirrored onto merchants

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

-- =============================================================================================

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
