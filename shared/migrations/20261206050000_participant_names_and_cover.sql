-- Names, so people know who is asking (docs/splits.md, "Names"), and covering a share
-- (docs/splits.md, "Covering a share"). Written only by the worker, like the other split tables.

-- The name the organiser typed for this person (or the person typed when taking an open seat):
-- shown to the group instead of the masked address. Null: no name was given.
ALTER TABLE split_participants ADD COLUMN name text CHECK (name IS NULL OR char_length(name) BETWEEN 1 AND 60);

-- Set when the organiser covered this share for someone who dropped out: the row's e-mail became
-- the organiser's, and these keep whom it covered (their address and name as they were) and when.
ALTER TABLE split_participants ADD COLUMN covered_email text;
ALTER TABLE split_participants ADD COLUMN covered_name text;
ALTER TABLE split_participants ADD COLUMN covered_at timestamptz;
ALTER TABLE split_participants
  ADD CONSTRAINT split_participants_covered_together CHECK ((covered_email IS NULL) = (covered_at IS NULL));
