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
