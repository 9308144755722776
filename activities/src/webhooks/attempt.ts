import { attemptWebhookDelivery as attemptOnce } from '@groupsplit/shared';
import type { WebhookAttemptInput, WebhookAttemptResult } from '@groupsplit/workflows';
import { ApplicationFailure } from '@temporalio/activity';
import type { ActivityDeps } from '../deps';

/**
 * One attempt of one delivery, logged as one row (`attemptWebhookDelivery` in shared, which the
 * dispatcher's first attempt after commit uses too): an attempt the dispatcher already made is
 * found in the log and not made again.
 */
export function createAttemptActivity(deps: ActivityDeps) {
  return async function attemptWebhookDelivery(input: WebhookAttemptInput): Promise<WebhookAttemptResult> {
    const result = await attemptOnce(deps, input);
    if (!result) throw ApplicationFailure.nonRetryable(`Webhook event ${input.eventId} does not exist`);
    return result;
  };
}
