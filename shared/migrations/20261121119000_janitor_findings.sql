-- Reconciliation janitor: where the splits projection and the processor disagree.
-- Written only by the worker (the janitor's activities, and the support CLI that ships with it).
-- A finding stays open while the drift is seen; a later sweep that no longer sees it closes it.

CREATE TABLE janitor_findings (
  id bigserial PRIMARY KEY,
  split_id uuid NOT NULL REFERENCES splits (id),
  participant_id uuid REFERENCES split_participants (id),
  merchant_id uuid NOT NULL REFERENCES merchants (id),
  mode text NOT NULL CHECK (mode IN ('test', 'live')),
  kind text NOT NULL CHECK (kind IN (
    'hold_lapsed', 'captured_in_dashboard', 'authorisation_missed', 'capture_missing', 'stuck'
  )),
  -- What the janitor did about it: signalled the split workflow, or left it for support.
  action text NOT NULL CHECK (action IN ('signalled_cancel', 'signalled_authorisation', 'flagged')),
  split_status text NOT NULL,
  participant_status text,
  processor_status text,
  detail jsonb,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  -- `janitor` (drift no longer seen) or `support:<name>`.
  resolved_by text,
  resolution text
);
-- One open finding per split, participant and kind; sweeps refresh it rather than add rows.
CREATE UNIQUE INDEX janitor_findings_open ON janitor_findings (
  split_id, kind, COALESCE(participant_id, '00000000-0000-0000-0000-000000000000'::uuid)
) WHERE resolved_at IS NULL;
CREATE INDEX janitor_findings_open_by_merchant ON janitor_findings (merchant_id, first_seen_at)
  WHERE resolved_at IS NULL;
