import { ParentClosePolicy, proxyActivities, sleep, startChild, uuid4, workflowInfo } from '@temporalio/workflow';
import { sendEmailWorkflow } from '../email';
import { retryDelayAfter, WEBHOOK_MAX_ATTEMPTS } from './retry-schedule';
import type {
  WebhookActivities,
  WebhookDeliveryInput,
  WebhookDeliveryResult,
  WebhookManualSendInput,
  WebhookTrigger,
} from './types';

/** Longest a single attempt may take: the endpoint's 10 s plus DNS, the log write and slack. */
const ATTEMPT_TIMEOUT = '2 minutes';

/**
 * HTTP failures come back as an outcome, never as a thrown error, so these retries only
 * cover the worker's own trouble (database, a crash mid-attempt).
 */
const activities = proxyActivities<WebhookActivities>({
  startToCloseTimeout: ATTEMPT_TIMEOUT,
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 10 },
});

async function deliverWithRetries(
  eventId: string,
  trigger: WebhookTrigger,
  maxAttempts: number,
  timeScale: number,
): Promise<WebhookDeliveryResult> {
  const deliveryId = workflowInfo().workflowId;
  let lastAttemptId: string | null = null;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const retryInMs = retryDelayAfter(attempt, timeScale, maxAttempts);
    const result = await activities.attemptWebhookDelivery({ deliveryId, eventId, trigger, attempt, retryInMs });
    lastAttemptId = result.attemptId;
    if (result.outcome !== 'failed') return { eventId, outcome: result.outcome, attempts: attempt, lastAttemptId };
    if (retryInMs !== null) await sleep(retryInMs);
  }
  return { eventId, outcome: 'failed', attempts: maxAttempts, lastAttemptId };
}

/**
 * One outbox event to the merchant's current endpoint: nine attempts on the documented
 * schedule (durable timers), then given up and the owner e-mailed. Id `webhook:<eventId>`.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  const result = await deliverWithRetries(input.eventId, 'event', WEBHOOK_MAX_ATTEMPTS, input.timeScale);
  if (result.outcome !== 'failed') return result;
  const notice = await activities.giveUpWebhookDelivery({
    deliveryId: workflowInfo().workflowId,
    eventId: input.eventId,
  });
  if (notice) {
    const id = uuid4();
    // Abandoned child: the mail workflow keeps retrying SMTP on its own after this one completes.
    await startChild(sendEmailWorkflow, {
      workflowId: `email:${id}`,
      args: [
        {
          id,
          to: notice.to,
          template: 'webhooks.delivery_given_up',
          data: notice.data,
          merchantId: notice.merchantId,
          category: 'merchant',
        },
      ],
      parentClosePolicy: ParentClosePolicy.ABANDON,
    });
  }
  return { ...result, outcome: 'given_up' };
}

/** The test button and resend: a single signed attempt whose outcome the caller waits for. */
export async function webhookManualSendWorkflow(input: WebhookManualSendInput): Promise<WebhookDeliveryResult> {
  const eventId =
    input.kind === 'test'
      ? await activities.recordSampleWebhookEvent({
          merchantId: input.merchantId,
          mode: input.mode,
          ...(input.type ? { type: input.type } : {}),
        })
      : input.eventId;
  return deliverWithRetries(eventId, input.kind, 1, 1);
}
