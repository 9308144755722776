-- A PaymentIntent waiting on the cardholder (3-D Secure): Stripe's next_action, as answered.
ALTER TABLE emulator_payment_intents ADD COLUMN IF NOT EXISTS next_action jsonb;
-- The return_url of the confirm that asked, kept after next_action clears (a late answer still goes back).
ALTER TABLE emulator_payment_intents ADD COLUMN IF NOT EXISTS return_url text;
