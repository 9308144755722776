import { dispatchWebhookEvents } from '@groupsplit/workflows/client';
import { Context } from '@temporalio/activity';
import type { ActivityDeps } from './deps';

/**
 * Starts delivery of events that a just-committed transaction wrote to the outbox, so the
 * merchant hears within a second rather than at the next sweep. The dispatcher makes the first
 * attempt itself, so it runs in the background: the activity (a split's transition, say) does not
 * wait on the merchant's endpoint. Any failure here is only logged: a row left undispatched is the
 * every-minute sweeper's to deliver.
 */
export async function dispatchCommittedEvents(
  { db, config, logger }: ActivityDeps,
  eventIds: readonly (string | null | undefined)[],
): Promise<void> {
  const ids = eventIds.filter((id): id is string => Boolean(id));
  if (ids.length === 0) return;
  const client = Context.current().client;
  void dispatchWebhookEvents(db, client, config, ids).catch((error) => {
    logger.warn({ err: error, eventIds: ids }, 'webhook dispatch deferred to the outbox sweeper');
  });
}
