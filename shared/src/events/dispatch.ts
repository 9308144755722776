import type { WebhookDeliveryInput, WebhookSweepInput } from '@groupsplit/workflows';
import { type Client, ScheduleAlreadyRunning, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import type { Config } from '../config';
import type { Db } from '../db';
import { createTemporalClient } from '../temporal';

export const WEBHOOK_DELIVERY_WORKFLOW = 'webhookDeliveryWorkflow';
export const WEBHOOK_MANUAL_SEND_WORKFLOW = 'webhookManualSendWorkflow';
export const WEBHOOK_SWEEP_WORKFLOW = 'webhookSweepWorkflow';

/** One delivery workflow per event; the id is what makes dispatching idempotent. */
export const webhookDeliveryWorkflowId = (eventId: string) => `webhook:${eventId}`;
export const webhookSweepScheduleId = (taskQueue: string) => `webhook-sweep:${taskQueue}`;

type DispatchConfig = Pick<Config, 'TEMPORAL_TASK_QUEUE' | 'WEBHOOK_RETRY_TIME_SCALE'>;

/**
 * Starts the delivery workflow of each event (after the transaction that recorded them has
 * committed) and marks them dispatched. Safe to repeat: a workflow id that was ever used is
 * refused, so an event is never delivered by two workflows.
 */
export async function dispatchWebhookEvents(
  db: Db,
  client: Client,
  config: DispatchConfig,
  eventIds: readonly string[],
): Promise<number> {
  if (eventIds.length === 0) return 0;
  for (const eventId of eventIds) {
    const input: WebhookDeliveryInput = { eventId, timeScale: config.WEBHOOK_RETRY_TIME_SCALE };
    try {
      await client.workflow.start(WEBHOOK_DELIVERY_WORKFLOW, {
        workflowId: webhookDeliveryWorkflowId(eventId),
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        args: [input],
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }
  await db
    .updateTable('webhook_events')
    .set({ dispatched_at: new Date() })
    .where('id', 'in', eventIds)
    .where('dispatched_at', 'is', null)
    .execute();
  return eventIds.length;
}

/** Undispatched outbox rows, oldest first; what the sweeper hands to dispatchWebhookEvents. */
export async function undispatchedWebhookEventIds(db: Db, input: WebhookSweepInput): Promise<string[]> {
  let query = db
    .selectFrom('webhook_events')
    .select('id')
    .where('dispatched_at', 'is', null)
    .where('created_at', '<=', new Date(Date.now() - (input.olderThanMs ?? 30_000)))
    .orderBy('created_at')
    .limit(input.limit ?? 500);
  if (input.merchantId) query = query.where('merchant_id', '=', input.merchantId);
  return (await query.execute()).map((row) => row.id);
}

/**
 * Creates the every-minute sweeper schedule for this task queue if it is not there yet.
 * The worker calls it at start-up; several workers racing to create it is harmless.
 */
export async function ensureWebhookSweepSchedule(client: Client, config: Pick<Config, 'TEMPORAL_TASK_QUEUE'>) {
  const scheduleId = webhookSweepScheduleId(config.TEMPORAL_TASK_QUEUE);
  const sweep: WebhookSweepInput = {};
  try {
    await client.schedule.create({
      scheduleId,
      spec: { intervals: [{ every: '1 minute' }] },
      action: {
        type: 'startWorkflow',
        workflowType: WEBHOOK_SWEEP_WORKFLOW,
        workflowId: scheduleId,
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        args: [sweep],
      },
      policies: { overlap: 'SKIP', catchupWindow: '1 minute' },
    });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  }
  return client.schedule.getHandle(scheduleId);
}

/** For the worker's start-up: connects, makes sure the sweeper schedule exists, disconnects. */
export async function installWebhookSweepSchedule(
  config: Pick<Config, 'TEMPORAL_ADDRESS' | 'TEMPORAL_NAMESPACE' | 'TEMPORAL_TASK_QUEUE'>,
): Promise<void> {
  const temporal = await createTemporalClient(config);
  try {
    await ensureWebhookSweepSchedule(temporal.client, config);
  } finally {
    await temporal.close();
  }
}
