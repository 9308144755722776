-- The first time each participant opened their pay page (the hosted page, or the pay lookup a
-- merchant's own page calls): the "opened" step of the dashboard's Insights (docs/dashboard.md,
-- "Insights"). One row per participant and address: a replaced participant keeps its id but has a new
-- address, so the new person's first view is a row of its own and the old person's no longer counts.
-- Written only by checkout.
CREATE TABLE pay_page_views (
  participant_id uuid NOT NULL REFERENCES split_participants (id),
  email text NOT NULL,
  split_id uuid NOT NULL REFERENCES splits (id),
  first_viewed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (participant_id, email)
);
