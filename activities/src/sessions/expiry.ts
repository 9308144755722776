import { expiryNotRecorded, formatPounds, recordEvent } from '@groupsplit/shared';
import type { SessionExpiryInput, SessionExpiryResult } from '@groupsplit/workflows';
import { dispatchWebhookEvents } from '@groupsplit/workflows/client';
import { Context } from '@temporalio/activity';
import { sql } from 'kysely';
import type { ActivityDeps } from '../deps';

/**
 * The expiry sweeper's work: every session past its lifetime that the buyer never split is
 * marked expired and its checkout_session.expired event recorded in the same transaction.
 * SKIP LOCKED lets a buyer's split claim (which locks the row) win without waiting.
 */
export function createExpiryActivity({ db, config }: ActivityDeps) {
  return async function expireCheckoutSessions(input: SessionExpiryInput): Promise<SessionExpiryResult> {
    const eventIds = await db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('checkout_sessions')
        .selectAll()
        .where('split_claimed_by', 'is', null)
        .where('split_id', 'is', null)
        .where('expires_at', '<=', sql<Date>`now()`)
        .where(expiryNotRecorded)
        .orderBy('expires_at')
        .limit(input.limit ?? 500)
        .forUpdate()
        .skipLocked()
        .execute();
      const ids: string[] = [];
      for (const session of due) {
        const expiry = await trx
          .insertInto('checkout_session_expiries')
          .values({ session_token: session.token })
          .returning('expired_at')
          .executeTakeFirstOrThrow();
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
