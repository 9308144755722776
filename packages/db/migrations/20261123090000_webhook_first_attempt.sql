-- The dispatcher makes an event's first delivery attempt itself, straight after the commit that
-- recorded it, and starts the retrying workflow only when that attempt fails. first_attempt_at is
-- its claim on the event: one dispatcher attempts it, and a claim older than the lease (its
-- dispatcher died mid-attempt) is the sweeper's to take over (docs/webhooks.md).
ALTER TABLE webhook_events ADD COLUMN first_attempt_at timestamptz;
