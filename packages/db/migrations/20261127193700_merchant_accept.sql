-- The optional merchant accept step (docs/splits.md, "Merchant accept").
--
-- `capture` on a session: `automatic` (the spec's behaviour, the default for every existing and new session) or
-- `merchant_accept` (the split waits for the merchant's accept once every participant has authorised).
ALTER TABLE checkout_sessions
  ADD COLUMN capture text NOT NULL DEFAULT 'automatic'
  CONSTRAINT checkout_sessions_capture CHECK (capture IN ('automatic', 'merchant_accept'));

-- Written by the worker: null for a split that does not use the accept step (every split before this, every
-- dashboard split, every automatic session's split); false or true for a split of a merchant_accept session.
-- True once every participant has authorised and the split waits for the merchant; readers show it only while
-- the split is pending (a cancel or the expiry leaves it as it was).
ALTER TABLE splits ADD COLUMN awaiting_merchant boolean;
