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
