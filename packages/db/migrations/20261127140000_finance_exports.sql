-- Finance exports (docs/exports.md). The processor's charge id of a captured share, written by the worker with
-- the capture (null for shares captured before this column existed, and for shares never captured): the
-- orders export lists it beside the PaymentIntent id without asking the processor row by row.
ALTER TABLE split_participants ADD COLUMN processor_charge_id text;

-- The refunds export reads one business's refunds of one mode by when they were asked for.
CREATE INDEX split_refunds_merchant_created ON split_refunds (merchant_id, mode, created_at);
