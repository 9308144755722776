import { dispatchWebhookEvents } from '@groupsplit/workflows/client';
import { Context } from '@temporalio/activity';
import type { ActivityDeps } from './deps';
import { createReceiptSender, type ReceiptSender } from './receipts/receipts';

/** One receipt sender (and its processor clients) per worker, made on first use. */
const receiptSenders = new WeakMap<ActivityDeps, ReceiptSender>();
export function receiptSenderFor(deps: ActivityDeps): ReceiptSender {
  let sender = receiptSenders.get(deps);
  if (!sender) {
    sender = createReceiptSender(deps);
    receiptSenders.set(deps, sender);
  }
  return sender;
}

/**
 * Starts delivery of events that a just-committed transaction wrote to the outbox, so the
 * merchant hears within a second rather than at the next sweep, and hands the payers' receipts
 * (docs/emails.md) to the e-mail workflows. The dispatcher makes the first attempt itself, so both
 * run in the background: the activity (a split's transition, say) does not wait on the merchant's
 * endpoint or the processor. Any failure here is only logged: a row left undispatched, or without
 * its receipts, is the every-minute sweeper's.
 */
export async function dispatchCommittedEvents(
  deps: ActivityDeps,
  eventIds: readonly (string | null | undefined)[],
): Promise<void> {
  const { db, config, logger } = deps;
  const ids = eventIds.filter((id): id is string => Boolean(id));
  if (ids.length === 0) return;
  const client = Context.current().client;
  void dispatchWebhookEvents(db, client, config, ids).catch((error) => {
    logger.warn({ err: error, eventIds: ids }, 'webhook dispatch deferred to the outbox sweeper');
  });
  void receiptSenderFor(deps)
    .forEvents(client, ids)
    .catch((error) => {
      logger.warn({ err: error, eventIds: ids }, 'receipts deferred to the outbox sweeper');
    });
}
