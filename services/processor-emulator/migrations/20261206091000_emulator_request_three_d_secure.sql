-- payment_method_options[card][request_three_d_secure] of a PaymentIntent ('automatic', 'any' or
-- 'challenge'): with 'any' or 'challenge' the cards that support 3-D Secure without requiring it are asked too.
ALTER TABLE emulator_payment_intents ADD COLUMN IF NOT EXISTS request_three_d_secure text NOT NULL DEFAULT 'automatic';
