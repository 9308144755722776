import type { Db } from '@groupsplit/shared';
import type { WebhookSweepInput } from '@groupsplit/workflows';
import { dispatchWebhookEvents } from '@groupsplit/workflows/client';
import { Context } from '@temporalio/activity';
import type { ActivityDeps } from '../deps';
import { receiptSenderFor } from '../outbox';

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
export function createSweepActivity(deps: ActivityDeps) {
  const { db, config, logger } = deps;
  return async function dispatchPendingWebhookEvents(input: WebhookSweepInput) {
    const ids = await undispatchedWebhookEventIds(db, input);
    const client = Context.current().client;
    // Workflows only (the durable path), and events whose dispatcher died mid-attempt too.
    const dispatched = await dispatchWebhookEvents(db, client, config, ids, {
      firstAttempt: 'workflow',
      takeOverStaleClaims: true,
    });
    // Receipts of events whose writer died before handing them over (docs/emails.md). Never the
    // merchant's events' problem: a failure here waits for the next sweep.
    await receiptSenderFor(deps)
      .pending(client, { olderThanMs: input.olderThanMs })
      .catch((error: unknown) => logger.warn({ err: error }, 'receipt sweep failed; next sweep tries again'));
    return { dispatched };
  };
}
