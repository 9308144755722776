import {
  CheckoutSessionExpiriesRepository,
  CheckoutSessionsRepository,
  CLAIM_START_GRACE_MS,
  type Db,
  formatPounds,
  recordEvent,
} from '@groupsplit/shared';
import type { SessionExpiryInput, SessionExpiryResult } from '@groupsplit/workflows';
import { dispatchWebhookEvents, splitWorkflowExists } from '@groupsplit/workflows/client';
import { Context } from '@temporalio/activity';
import type { ActivityDeps } from '../deps';

/** A claim the sweeper found abandoned: expired only if it still has the stamp seen (checkout's take-up re-stamps it). */
type AbandonedClaim = { token: string; claimedAt: Date };

/**
 * Claimed sessions past their lifetime whose claim was abandoned: no split for the session, the
 * claim older than CLAIM_START_GRACE_MS, and no workflow `split:<split_claim_id>` (the request that
 * claimed it died before starting it; docs/hosted-checkout.md, "Once per session"). Temporal is asked
 * outside the expiry's transaction, so no row stays locked while it answers.
 */
async function abandonedClaims(db: Db, limit: number): Promise<AbandonedClaim[]> {
  const claimed = await new CheckoutSessionsRepository(db).staleClaimsWithoutSplit(CLAIM_START_GRACE_MS, limit);
  const client = Context.current().client;
  const abandoned: AbandonedClaim[] = [];
  for (const session of claimed) {
    if (!session.split_claim_id || !session.split_claimed_at) continue;
    const started = await splitWorkflowExists(client, session.split_claim_id);
    if (!started) abandoned.push({ token: session.token, claimedAt: session.split_claimed_at });
  }
  return abandoned;
}

/**
 * The expiry sweeper's work: every session past its lifetime that the buyer never split (unclaimed,
 * or claimed by a request that died before starting the split) is marked expired and its
 * checkout_session.expired event recorded in the same transaction. SKIP LOCKED lets a buyer's split
 * claim (which locks the row) win without waiting.
 */
export function createExpiryActivity({ db, config }: ActivityDeps) {
  return async function expireCheckoutSessions(input: SessionExpiryInput): Promise<SessionExpiryResult> {
    const limit = input.limit ?? 500;
    const abandoned = await abandonedClaims(db, limit);
    const eventIds = await db.transaction().execute(async (trx) => {
      const due = await new CheckoutSessionsRepository(trx).lockDueForExpiry(abandoned, limit);
      const ids: string[] = [];
      for (const session of due) {
        const expiry = { expired_at: await new CheckoutSessionExpiriesRepository(trx).record(session.token) };
        const id = await recordEvent(trx, {
          merchantId: session.merchant_id,
          mode: session.mode,
          type: 'checkout_session.expired',
          dedupeKey: `session_expired:${session.token}`,
          data: {
            session_token: session.token,
            status: 'expired',
            split_id: null,
            order_reference: session.order_reference,
            amount: formatPounds(session.amount),
            currency: session.currency,
            customer_email: session.customer_email,
            customer_name: session.customer_name,
            metadata: session.metadata,
            expires_at: session.expires_at.toISOString(),
            expired_at: expiry.expired_at.toISOString(),
          },
        });
        if (id) ids.push(id);
      }
      return ids;
    });
    // Workflows only: a batch of expiries must not wait on each merchant's endpoint in turn.
    const dispatched = await dispatchWebhookEvents(db, Context.current().client, config, eventIds, {
      firstAttempt: 'workflow',
    });
    return { expired: eventIds.length, dispatched };
  };
}
