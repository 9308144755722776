import { proxyActivities } from '@temporalio/workflow';
import { SWEEP_RETRY, WORKER_ALIVE_TIMEOUT } from '../liveness';
import type { WebhookActivities, WebhookSweepInput } from './types';

const { dispatchPendingWebhookEvents } = proxyActivities<WebhookActivities>({
  startToCloseTimeout: '5 minutes',
  // A sweep on a worker that died is tried again at once, not after its 5 minutes: the Schedule
  // skips every sweep due meanwhile (overlap SKIP), so the outbox would wait that long.
  heartbeatTimeout: WORKER_ALIVE_TIMEOUT,
  retry: SWEEP_RETRY,
});

/** Run every minute by a Temporal Schedule: hands outbox rows nobody dispatched to their delivery workflows. */
export async function webhookSweepWorkflow(input: WebhookSweepInput = {}): Promise<{ dispatched: number }> {
  return dispatchPendingWebhookEvents(input);
}
