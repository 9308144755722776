import type { Client } from '@temporalio/client';
import {
  checkoutDailyRemindersScheduleId,
  checkoutDailyRemindersWorkflow,
  checkoutExpiryScheduleId,
  checkoutSessionExpiryWorkflow,
} from '../sessions';
import { ensureSchedule, type ScheduleInstallConfig, withTemporalClient } from './schedules';

/**
 * Hosted checkout's two schedules for this task queue, created if missing: the session
 * expiry sweeper every minute and the daily reminders.
 */
export async function ensureCheckoutSchedules(
  client: Client,
  config: Pick<ScheduleInstallConfig, 'TEMPORAL_TASK_QUEUE'>,
) {
  const taskQueue = config.TEMPORAL_TASK_QUEUE;
  return {
    expiry: await ensureSchedule(
      client,
      checkoutExpiryScheduleId(taskQueue),
      { every: '1 minute', catchupWindow: '1 minute' },
      { type: 'startWorkflow', workflowType: checkoutSessionExpiryWorkflow, taskQueue, args: [{}] },
    ),
    dailyReminders: await ensureSchedule(
      client,
      checkoutDailyRemindersScheduleId(taskQueue),
      { every: '1 day', catchupWindow: '1 minute' },
      { type: 'startWorkflow', workflowType: checkoutDailyRemindersWorkflow, taskQueue, args: [{}] },
    ),
  };
}

/** For the worker's start-up: connects, makes sure both schedules exist, disconnects. */
export const installCheckoutSchedules = (config: ScheduleInstallConfig) =>
  withTemporalClient(config, (client) => ensureCheckoutSchedules(client, config));
