-- Apple Pay on the pay domain, per connected account and mode (the go-live checklist's
-- "Apple Pay ready on <domain>"): what the last registration of our pay domain answered. Written by
-- merchants when it registers the domain (syncProcessorAccount); read by GET /api/merchants/me
-- (`apple_pay`). Null until the domain was registered on the account.
ALTER TABLE merchant_processor_accounts
  ADD COLUMN pay_domain text,
  ADD COLUMN pay_domain_id text,
  ADD COLUMN apple_pay_status text CHECK (apple_pay_status IN ('active', 'inactive')),
  ADD COLUMN apple_pay_error text,
  ADD COLUMN pay_domain_checked_at timestamptz;
