-- Open seats (docs/splits.md, "Open seats"): shares of a split that nobody holds yet, taken by whoever
-- claims them through the split's group link. Written only by the worker, like the other split tables:
-- the split workflow's activities write the seats with the split and mark one claimed in the same
-- transaction as the participant row it becomes.

-- The group link's secret (`/join/<group_token>`): 24 random bytes in base64url, like pay tokens.
-- Null for a split made without open seats.
ALTER TABLE splits ADD COLUMN group_token text UNIQUE;

CREATE TABLE split_seats (
  id uuid PRIMARY KEY,
  split_id uuid NOT NULL REFERENCES splits (id),
  -- Order of the seats among themselves (entry order of the split request).
  position integer NOT NULL,
  -- Pence: the share, and the fees it carries from creation (the split's fee totals count it).
  amount bigint NOT NULL CHECK (amount >= 100),
  customer_fee bigint NOT NULL,
  merchant_fee bigint NOT NULL,
  -- The participant the seat became; null while the seat is open.
  participant_id uuid UNIQUE REFERENCES split_participants (id),
  claimed_at timestamptz,
  created_at timestamptz NOT NULL,
  UNIQUE (split_id, position),
  CHECK ((participant_id IS NULL) = (claimed_at IS NULL))
);
