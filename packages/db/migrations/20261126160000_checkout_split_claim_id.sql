-- The split a hosted session's claim is for, and when it was claimed (docs/hosted-checkout.md, "Once
-- per session"). The claim (`split_claimed_by`) is written before the split workflow
-- `split:<split_claim_id>` starts; a checkout process that died in between left the session claimed
-- for ever with no split. With these, the buyer's next try finds a claim old enough that its request
-- must have started the workflow, sees that no workflow exists, and creates the split under that same
-- id, so that a request still on its way can only join it, never make a second split. Both null on
-- claims made before they existed, and whenever the session is not claimed.
ALTER TABLE checkout_sessions ADD COLUMN split_claim_id uuid, ADD COLUMN split_claimed_at timestamptz;
