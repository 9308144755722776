-- Payment Method Domains (POST /v1/payment_method_domains): the web domains an account shows wallet
-- buttons on. `apple_pay_check` is what Apple's domain check would say when the domain is next
-- registered or validated (the control API sets it; true until then).
CREATE TABLE IF NOT EXISTS emulator_payment_method_domains (
  id text PRIMARY KEY,
  mode text NOT NULL,
  account text NOT NULL,
  domain_name text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  apple_pay_check boolean NOT NULL DEFAULT true,
  apple_pay_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS emulator_payment_method_domains_name
  ON emulator_payment_method_domains (mode, account, domain_name);
