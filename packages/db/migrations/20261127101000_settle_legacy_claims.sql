-- Claims made before a claim named its split (20261126160000_checkout_split_claim_id.sql) have no
-- split_claim_id, so neither checkout's take-up of a claim whose request died nor the expiry job's
-- expiry of an abandoned one (docs/hosted-checkout.md, "Once per session") could tell whether they
-- were abandoned. Settled here, once, like every later claim:
--   * a claim whose split exists names that split, claimed when the split was made;
--   * a claim with no split names a new id, claimed now: no workflow has that id, so once the grace
--     has passed it is an abandoned claim (taken up by the buyer's next try, or expired with its
--     checkout_session.expired event once the session is past its lifetime).
UPDATE checkout_sessions s
SET split_claim_id = COALESCE(made.id, gen_random_uuid()),
    split_claimed_at = COALESCE(made.created_at, now())
FROM checkout_sessions c
LEFT JOIN LATERAL (
  SELECT id, created_at FROM splits WHERE splits.session_token = c.token ORDER BY created_at LIMIT 1
) made ON true
WHERE s.token = c.token
  AND s.split_claimed_by IS NOT NULL
  AND s.split_claim_id IS NULL;
