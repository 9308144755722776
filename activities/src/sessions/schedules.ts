import { type Config, createTemporalClient } from '@groupsplit/shared';
import { checkoutDailyRemindersScheduleId, checkoutExpiryScheduleId } from '@groupsplit/workflows';
import { type Client, ScheduleAlreadyRunning } from '@temporalio/client';

type ScheduleConfig = Pick<Config, 'TEMPORAL_TASK_QUEUE'>;

async function ensure(
  client: Client,
  scheduleId: string,
  workflowType: string,
  every: '1 minute' | '1 day',
  taskQueue: string,
) {
  try {
    await client.schedule.create({
      scheduleId,
      spec: { intervals: [{ every }] },
      action: { type: 'startWorkflow', workflowType, workflowId: scheduleId, taskQueue, args: [{}] },
      policies: { overlap: 'SKIP', catchupWindow: '1 minute' },
    });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  }
  return client.schedule.getHandle(scheduleId);
}

/**
 * Hosted checkout's two schedules for this task queue, created if missing (the worker calls
 * this at start-up; several workers racing is harmless): the session expiry sweeper every
 * minute and the daily reminders.
 */
export async function ensureCheckoutSchedules(client: Client, config: ScheduleConfig) {
  const queue = config.TEMPORAL_TASK_QUEUE;
  return {
    expiry: await ensure(client, checkoutExpiryScheduleId(queue), 'checkoutSessionExpiryWorkflow', '1 minute', queue),
    dailyReminders: await ensure(
      client,
      checkoutDailyRemindersScheduleId(queue),
      'checkoutDailyRemindersWorkflow',
      '1 day',
      queue,
    ),
  };
}

/** For the worker's start-up: connects, makes sure both schedules exist, disconnects. */
export async function installCheckoutSchedules(
  config: Pick<Config, 'TEMPORAL_ADDRESS' | 'TEMPORAL_NAMESPACE' | 'TEMPORAL_TASK_QUEUE'>,
): Promise<void> {
  const temporal = await createTemporalClient(config);
  try {
    await ensureCheckoutSchedules(temporal.client, config);
  } finally {
    await temporal.close();
  }
}
