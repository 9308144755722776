/**
 * A hosted session's claim (docs/hosted-checkout.md, "Once per session"): checkout claims the session
 * for a split id, then starts the workflow `split:<split_claim_id>`. A live request goes from its claim
 * to the workflow's start in well under a second (a few reads and one Temporal call); a claim this old
 * without a workflow was left by a request that died. Checkout's take-up of such a claim and the
 * worker's expiry of one past the session's lifetime both use it.
 */
export const CLAIM_START_GRACE_MS = 30_000;
