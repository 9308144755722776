import { dispatchWebhookEvents, undispatchedWebhookEventIds } from '@groupsplit/shared';
import type { WebhookSweepInput } from '@groupsplit/workflows';
import { Context } from '@temporalio/activity';
import type { ActivityDeps } from '../deps';

/** The sweeper's work: outbox rows whose writer never dispatched them (crash after commit, or no dispatch call). */
export function createSweepActivity({ db, config }: ActivityDeps) {
  return async function dispatchPendingWebhookEvents(input: WebhookSweepInput) {
    const ids = await undispatchedWebhookEventIds(db, input);
    const dispatched = await dispatchWebhookEvents(db, Context.current().client, config, ids);
    return { dispatched };
  };
}
