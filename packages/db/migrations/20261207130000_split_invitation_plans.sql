-- A new split's invitations, planned before its workflow starts (docs/splits.md, "Invitations"): who
-- asks, the order's lines, the creator's own address and the organiser's e-mail, everything the
-- invitations say that the split's own rows do not. The request that gets the creation's outcome sends
-- them and settles the plan; when that request died (a restart past its drain bound, a crash), checkout's
-- invitation sweep sends them once the plan is due. `due_at` is when no request can still be waiting on
-- the creation; a checkout that stops with creations in flight makes their plans due at once.
-- Written only by checkout.
CREATE TABLE split_invitation_plans (
  split_id uuid PRIMARY KEY,
  plan jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  due_at timestamptz NOT NULL,
  settled_at timestamptz
);

-- The sweep's page: unsettled plans that are due.
CREATE INDEX split_invitation_plans_due ON split_invitation_plans (due_at) WHERE settled_at IS NULL;
