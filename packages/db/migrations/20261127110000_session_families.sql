-- The dashboard's refresh sessions (docs/security.md, "Sessions that survive a reload"). A family is one
-- sign-in on one device: its refresh credential rotates on every use, and only hashes are stored. A
-- rotated credential used again revokes the whole family (theft detection); `revoked_reason` says why
-- and is the audit record. Written by the merchants service only.
CREATE TABLE session_families (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  -- The absolute end, fixed at sign-in; the idle end is last_used_at plus the idle timeout.
  expires_at timestamptz NOT NULL,
  user_agent text NOT NULL DEFAULT '',
  client_ip text NOT NULL,
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX session_families_user ON session_families (user_id, created_at);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  family_id uuid NOT NULL REFERENCES session_families (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set when the token was exchanged for its successor; presenting it again is reuse.
  rotated_at timestamptz
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);

-- The access tokens a family made, so revoking the family ends them at once.
ALTER TABLE auth_sessions ADD COLUMN family_id uuid REFERENCES session_families (id);
CREATE INDEX auth_sessions_family ON auth_sessions (family_id) WHERE family_id IS NOT NULL;
