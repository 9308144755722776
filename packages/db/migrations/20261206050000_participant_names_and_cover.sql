-- Names, so people know who is asking (docs/splits.md, "Names"), and covering a share
-- (docs/splits.md, "Covering a share"). Written only by the worker, like the other split tables.

-- The name the organiser typed for this person (or the person typed when taking an open seat):
-- shown to the group instead of the masked address. Null: no name was given.
ALTER TABLE split_participants ADD COLUMN name text CHECK (name IS NULL OR char_length(name) BETWEEN 1 AND 60);

-- Set when the organiser covered this share for someone who dropped out (or took an open seat
-- nobody had taken): the row's e-mail became the organiser's, and these keep whom it covered (their
-- address, name and old pay token as they were; null for a seat) and when. The old pay token is kept
-- so the covered person's link can say it is no longer needed instead of "not found".
ALTER TABLE split_participants ADD COLUMN covered_at timestamptz;
ALTER TABLE split_participants ADD COLUMN covered_email text;
ALTER TABLE split_participants ADD COLUMN covered_name text;
ALTER TABLE split_participants ADD COLUMN covered_pay_token text UNIQUE;
