import { randomUUID } from 'node:crypto';
import { recordEvent, sampleEventData, WebhookEventsRepository, type WebhookEventType } from '@groupsplit/shared';
import { Context } from '@temporalio/activity';
import type { ActivityDeps } from '../deps';

/**
 * Writes the test send's sample event (checkout_split.paid unless another type is asked) to the outbox, already marked
 * dispatched: only the test-send workflow delivers it (once), never the sweeper.
 */
export function createSampleEventActivity({ db }: ActivityDeps) {
  return async function recordSampleWebhookEvent(input: {
    merchantId: string;
    mode: 'test' | 'live';
    type?: WebhookEventType;
  }) {
    const type = input.type ?? 'checkout_split.paid';
    // Keyed on the calling workflow so a retried activity finds the event it already wrote.
    const { info } = Context.current();
    const dedupeKey = `sample:${info.workflowExecution?.workflowId ?? info.activityId}`;
    return db.transaction().execute(async (trx) => {
      await recordEvent(trx, {
        merchantId: input.merchantId,
        mode: input.mode,
        type,
        data: sampleEventData(type, randomUUID()),
        dedupeKey,
        sample: true,
      });
      return new WebhookEventsRepository(trx).markDispatchedByDedupeKey(dedupeKey);
    });
  };
}
