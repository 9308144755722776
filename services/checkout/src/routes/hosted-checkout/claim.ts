import { CheckoutSessionsRepository, CLAIM_START_GRACE_MS } from '@groupsplit/shared';
import { splitWorkflowExists } from '@groupsplit/workflows/client';
import type { CheckoutDeps } from '../../deps';
import type { SessionRow } from '../../sessions/session-state';

/**
 * "Once per session" (docs/hosted-checkout.md): a buyer's choice claims the session with one
 * conditional UPDATE, naming the split it is about to create (`split_claim_id`), before the split
 * workflow `split:<split_claim_id>` starts. A checkout process that dies between the two leaves a
 * claim with no workflow; `orphanedClaim` finds one, and the buyer's next try creates the split under
 * the claimed id. Creating under the same id is what keeps it one split: a request still on its way
 * that starts the workflow first is joined, and one that starts it later joins ours.
 */

/**
 * A claim older than CLAIM_START_GRACE_MS without a workflow was left by a request that died. Younger
 * claims are a second attempt racing the first, which the spec answers 409 already_split.
 */
export { CLAIM_START_GRACE_MS };

type Session = Pick<SessionRow, 'token' | 'split_claimed_by' | 'split_claim_id' | 'split_claimed_at'>;

/** Claims the session for a new split with id `splitId`; false when another claim, or the expiry, came first. */
export function claimSession({ db }: Pick<CheckoutDeps, 'db'>, token: string, buyerId: string, splitId: string) {
  return new CheckoutSessionsRepository(db).claim(token, buyerId, splitId);
}

/**
 * Takes up an orphaned claim (orphanedClaim): stamps it anew, on the same condition as a claim (not
 * expired, no expiry recorded, no split yet). The stamp is what keeps the expiry job from expiring
 * the session while this request starts its split: the job expires a claim only if it still has the
 * stamp it saw when it found no workflow. False when the expiry came first.
 */
export function takeUpClaim({ db }: Pick<CheckoutDeps, 'db'>, token: string, splitId: string) {
  return new CheckoutSessionsRepository(db).restampClaim(token, splitId);
}

/** Gives the session back after a creation that made no split (nothing placed, or every hold released). */
export async function releaseClaim({ db }: Pick<CheckoutDeps, 'db'>, token: string, splitId: string) {
  await new CheckoutSessionsRepository(db).releaseClaim(token, splitId);
}

/**
 * The claimed split id when the claim was left by a request that died before starting the split
 * workflow: older than CLAIM_START_GRACE_MS and no workflow `split:<id>` at all. Null otherwise
 * (unclaimed, too young, or its workflow exists). Claims made before claim ids existed were given one
 * by the migration 20261127101000_settle_legacy_claims.sql.
 */
export async function orphanedClaim(deps: Pick<CheckoutDeps, 'temporal'>, session: Session): Promise<string | null> {
  const { split_claimed_by: by, split_claim_id: splitId, split_claimed_at: at } = session;
  if (!by || !splitId || !at || Date.now() - at.getTime() < CLAIM_START_GRACE_MS) return null;
  const started = await splitWorkflowExists(deps.temporal.client, splitId);
  return started ? null : splitId;
}
