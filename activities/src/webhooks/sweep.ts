import { type Db, WebhookEventsRepository } from '@groupsplit/shared';
import type { WebhookSweepInput } from '@groupsplit/workflows';
import { dispatchWebhookEvents } from '@groupsplit/workflows/client';
import { Context } from '@temporalio/activity';
import type { ActivityDeps } from '../deps';
import { receiptSenderFor } from '../outbox';

/** Outbox rows handed over between heartbeats. */
const SWEEP_BATCH = 20;

/** Undispatched outbox rows, oldest first; what the sweeper hands to dispatchWebhookEvents. */
async function undispatchedWebhookEventIds(db: Db, input: WebhookSweepInput): Promise<string[]> {
  return new WebhookEventsRepository(db).undispatchedIds({
    olderThanMs: input.olderThanMs ?? 30_000,
    limit: input.limit ?? 500,
    ...(input.merchantId ? { merchantId: input.merchantId } : {}),
  });
}

/** The sweeper's work: outbox rows whose writer never dispatched them (crash after commit, or no dispatch call). */
export function createSweepActivity(deps: ActivityDeps) {
  const { db, config, logger } = deps;
  return async function dispatchPendingWebhookEvents(input: WebhookSweepInput) {
    const context = Context.current();
    const ids = await undispatchedWebhookEventIds(db, input);
    const client = context.client;
    // Workflows only (the durable path), and events whose dispatcher died mid-attempt too. A heartbeat
    // after each batch: the sweep's heartbeat timeout says "this worker is alive", and a backlog of
    // hundreds of events on a loaded machine takes longer than that (the chaos run's sweeps failed so,
    // leaving the outbox undrained until the next minute's sweep).
    let dispatched = 0;
    for (let start = 0; start < ids.length; start += SWEEP_BATCH) {
      dispatched += await dispatchWebhookEvents(db, client, config, ids.slice(start, start + SWEEP_BATCH), {
        firstAttempt: 'workflow',
        takeOverStaleClaims: true,
      });
      context.heartbeat({ dispatched });
    }
    // Receipts of events whose writer died before handing them over (docs/emails.md). Never the
    // merchant's events' problem: a failure here waits for the next sweep.
    await receiptSenderFor(deps)
      .pending(client, { olderThanMs: input.olderThanMs })
      .catch((error: unknown) => logger.warn({ err: error }, 'receipt sweep failed; next sweep tries again'));
    return { dispatched };
  };
}
