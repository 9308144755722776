-- The reconciliation janitor sweeps each merchant's splits side by side (docs/runbook.md, "Janitor"),
-- so each merchant has its own place: the split its last sweep examined, carried on from by the next
-- (in split id order, wrapping round). The one cursor of every merchant together (`scope = 'all'`) is
-- gone, and a row names its merchant by id rather than in a `merchant:<id>` text.
ALTER TABLE janitor_sweep_cursors ADD COLUMN merchant_id uuid;
UPDATE janitor_sweep_cursors SET merchant_id = substring(scope FROM 10)::uuid WHERE scope LIKE 'merchant:%';
DELETE FROM janitor_sweep_cursors WHERE merchant_id IS NULL;
ALTER TABLE janitor_sweep_cursors DROP CONSTRAINT janitor_sweep_cursors_pkey;
ALTER TABLE janitor_sweep_cursors DROP COLUMN scope;
ALTER TABLE janitor_sweep_cursors ALTER COLUMN merchant_id SET NOT NULL;
ALTER TABLE janitor_sweep_cursors ADD PRIMARY KEY (merchant_id);

-- A merchant's open splits in id order: the janitor's page after its cursor, and the count of a round.
CREATE INDEX splits_janitor_open ON splits (merchant_id, id) WHERE status IN ('pending', 'capturing', 'canceling');
