-- Support actions on a split are recorded by the split workflow itself (docs/runbook.md, "Support
-- from the Temporal UI"), whether they came as an Update or a signal, accepted or refused:
--   outcome     `accepted` (what every row before this was: something that was done) or `refused`
--               (a support signal the workflow turned down; it changed nothing);
--   dedupe_key  the action's stable id, so an activity retried after its write adds no second row
--               (null for rows written in a request's own transaction, which cannot repeat).
-- Adding columns with a constant default rewrites no row, so the append-only triggers do not fire.
ALTER TABLE audit_log
  ADD COLUMN outcome text NOT NULL DEFAULT 'accepted' CHECK (outcome IN ('accepted', 'refused')),
  ADD COLUMN dedupe_key text;
CREATE UNIQUE INDEX audit_log_dedupe_key ON audit_log (dedupe_key);
