import { dispatchWebhookEvents } from '@groupsplit/workflows/client';
import { Context } from '@temporalio/activity';
import type { ActivityDeps } from './deps';

/**
 * Starts delivery of events that a just-committed transaction wrote to the outbox, so the
 * merchant hears within a second rather than at the next sweep. Any failure here is only
 * logged: the rows stay undispatched and the every-minute sweeper delivers them.
 */
export async function dispatchCommittedEvents(
  { db, config, logger }: ActivityDeps,
  eventIds: readonly (string | null | undefined)[],
): Promise<void> {
  const ids = eventIds.filter((id): id is string => Boolean(id));
  if (ids.length === 0) return;
  try {
    await dispatchWebhookEvents(db, Context.current().client, config, ids);
  } catch (error) {
    logger.warn({ err: error, eventIds: ids }, 'webhook dispatch deferred to the outbox sweeper');
  }
}
