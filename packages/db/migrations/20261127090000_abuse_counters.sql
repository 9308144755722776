-- Counters that brake guessing (docs/rate-limits.md, "Card testing" and "Sign-in codes"). One row per
-- key: `count` in a fixed window ending at `window_ends_at`, `streak` of failures in a row, and
-- `paused_until` once a key has failed too often. Keys never hold a secret in clear (pay tokens and
-- e-mail addresses are hashed).
--   pay_attempt_counters        written only by checkout (the pay step's authorise)
--   sign_in_failure_counters    written only by merchants (wrong sign-in codes per e-mail address)
--   sign_in_lockouts            written only by merchants: one immutable row per lock-out
CREATE TABLE pay_attempt_counters (
  key text PRIMARY KEY,
  count integer NOT NULL DEFAULT 0,
  window_ends_at timestamptz NOT NULL,
  streak integer NOT NULL DEFAULT 0,
  paused_until timestamptz
);

CREATE TABLE sign_in_failure_counters (
  key text PRIMARY KEY,
  count integer NOT NULL DEFAULT 0,
  window_ends_at timestamptz NOT NULL,
  streak integer NOT NULL DEFAULT 0,
  paused_until timestamptz
);

CREATE TABLE sign_in_lockouts (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  wrong_codes integer NOT NULL,
  locked_until timestamptz NOT NULL,
  client_ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_lockouts_email ON sign_in_lockouts (email, created_at);

CREATE FUNCTION sign_in_lockouts_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'sign_in_lockouts is append-only';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER sign_in_lockouts_no_change BEFORE UPDATE OR DELETE ON sign_in_lockouts
  FOR EACH ROW EXECUTE FUNCTION sign_in_lockouts_immutable();
