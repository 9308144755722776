-- The test mode's own return domain (docs/hosted-checkout.md, "Local development"): test-mode
-- checkout sessions use it when set, else allowed_domain, so that pointing test mode at localhost
-- never changes where live buyers may return to. Null: test mode uses allowed_domain, as before.
ALTER TABLE merchants ADD COLUMN test_allowed_domain text;
