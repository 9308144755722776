-- Checkout makes the first attempt at a new split's invitation e-mails itself, straight after the
-- split is created, and hands an e-mail to the retrying workflow (`email:<id>`) only when that attempt
-- fails (docs/splits.md, "Invitations"). One row per e-mail id, written by the checkout service only;
-- the worker's `emails` table stays the worker's. The row is written before the send, so an id is
-- attempted once however often it is asked for, and a row still `sending` after the lease (its process
-- died between the commit and the send) is handed to the workflow by the every-minute sweep.
-- request: the e-mail as the workflow takes it (template, recipient, data), so the sweep can hand it over.
CREATE TABLE email_first_attempts (
  id uuid PRIMARY KEY,
  recipient text NOT NULL,
  request jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('sending', 'sent', 'suppressed', 'handed_over')),
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_first_attempts_sending ON email_first_attempts (created_at) WHERE status = 'sending';
