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
