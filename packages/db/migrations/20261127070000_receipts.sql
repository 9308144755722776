-- Receipts and the organiser's notices (docs/emails.md) are made from the split's own outbox events,
-- so a receipt exists if and only if the change it reports does. `receipts_at` marks an event whose
-- receipts were handed to the e-mail workflows (each e-mail has a stable id, so handing one over twice
-- sends it once). Events from before receipts existed are marked as done: nobody gets a receipt for an
-- old order on the day this ships. Written by the worker, like the rest of webhook_events.
ALTER TABLE webhook_events ADD COLUMN receipts_at timestamptz;
UPDATE webhook_events SET receipts_at = created_at;
CREATE INDEX webhook_events_receipts_pending ON webhook_events (created_at) WHERE receipts_at IS NULL;

-- The organiser's "everyone has paid" and "one left" e-mails: each at most once per recipient per split
-- per 12 hours. Written by the worker.
CREATE TABLE organiser_notices (
  split_id uuid NOT NULL,
  recipient text NOT NULL,
  kind text NOT NULL,
  last_sent_at timestamptz NOT NULL,
  PRIMARY KEY (split_id, recipient, kind)
);
