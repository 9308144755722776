import type { Config, Db } from '@groupsplit/shared';
import { type Client, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { webhookDeliveryWorkflow, webhookSweepWorkflow } from '../webhooks';
import { ensureSchedule, type ScheduleInstallConfig, withTemporalClient } from './schedules';

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
    try {
      await client.workflow.start(webhookDeliveryWorkflow, {
        workflowId: webhookDeliveryWorkflowId(eventId),
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        args: [{ eventId, timeScale: config.WEBHOOK_RETRY_TIME_SCALE }],
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

/** The every-minute sweeper schedule for this task queue, created if missing. */
export const ensureWebhookSweepSchedule = (client: Client, config: Pick<Config, 'TEMPORAL_TASK_QUEUE'>) =>
  ensureSchedule(
    client,
    webhookSweepScheduleId(config.TEMPORAL_TASK_QUEUE),
    { every: '1 minute', catchupWindow: '1 minute' },
    { type: 'startWorkflow', workflowType: webhookSweepWorkflow, taskQueue: config.TEMPORAL_TASK_QUEUE, args: [{}] },
  );

/** For the worker's start-up: connects, makes sure the sweeper schedule exists, disconnects. */
export const installWebhookSweepSchedule = (config: ScheduleInstallConfig) =>
  withTemporalClient(config, (client) => ensureWebhookSweepSchedule(client, config));
