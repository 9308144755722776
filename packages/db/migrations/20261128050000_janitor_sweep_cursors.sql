-- Where the reconciliation janitor's last sweep stopped (docs/runbook.md, "Janitor"). A sweep looks
-- at no more than JANITOR_SPLITS_PER_SWEEP (1,000) splits; with more candidates, the next sweep carries on after the
-- last split this one examined (in id order, wrapping round), so every open split is reached in turn.
-- Ordering by `updated_at` instead re-checked the same oldest ones for as long as they stayed
-- pending, since a pending split's row does not change. Written only by the worker, like
-- janitor_findings.
CREATE TABLE janitor_sweep_cursors (
  -- `all` for the scheduled sweep, `merchant:<id>` for one limited to a business.
  scope text PRIMARY KEY,
  after_split_id uuid NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
