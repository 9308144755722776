import type { Db } from '@groupsplit/shared';
import type { WebhookSweepInput } from '@groupsplit/workflows';
import { dispatchWebhookEvents } from '@groupsplit/workflows/client';
import { Context } from '@temporalio/activity';
import type { ActivityDeps } from '../deps';

/** Undispatched outbox rows, oldest first; what the sweeper hands to dispatchWebhookEvents. */
async function undispatchedWebhookEventIds(db: Db, input: WebhookSweepInput): Promise<string[]> {
  let query = db
    .selectFrom('webhook_events')
    .select('id')
    .where('dispatched_at', 'is', null)
    .where('created_at', '<=', new Date(Date.now() - (input.olderThanMs ?? 30_000)))
    .orderBy('created_at')
    .limit(input.limit ?? 500);
  if (input.merchantId) query = query.where('merchant_id', '=', input.merchantId);
  return (await query.execute()).map((row) => row.id);
}

/** The sweeper's work: outbox rows whose writer never dispatched them (crash after commit, or no dispatch call). */
export function createSweepActivity({ db, config }: ActivityDeps) {
  return async function dispatchPendingWebhookEvents(input: WebhookSweepInput) {
    const ids = await undispatchedWebhookEventIds(db, input);
    // Workflows only (the durable path), and events whose dispatcher died mid-attempt too.
    const dispatched = await dispatchWebhookEvents(db, Context.current().client, config, ids, {
      firstAttempt: 'workflow',
      takeOverStaleClaims: true,
    });
    return { dispatched };
  };
}
