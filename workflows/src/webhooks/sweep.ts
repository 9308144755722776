import { proxyActivities } from '@temporalio/workflow';
import type { WebhookActivities, WebhookSweepInput } from './types';

const { dispatchPendingWebhookEvents } = proxyActivities<WebhookActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { maximumAttempts: 3 },
});

/** Run every minute by a Temporal Schedule: hands outbox rows nobody dispatched to their delivery workflows. */
export async function webhookSweepWorkflow(input: WebhookSweepInput = {}): Promise<{ dispatched: number }> {
  return dispatchPendingWebhookEvents(input);
}
