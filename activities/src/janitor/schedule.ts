import { type Config, createTemporalClient, isScheduleAlreadyRunning, type TemporalSettings } from '@groupsplit/shared';
import {
  JANITOR_INTERVAL,
  type JanitorSweepInput,
  janitorScheduleId,
  reconciliationJanitorWorkflow,
} from '@groupsplit/workflows';
import type { Client } from '@temporalio/client';

/**
 * The janitor's Schedule for this task queue, created if missing: a sweep every 15 minutes,
 * never two at once. Safe to call from every worker at start-up.
 */
export async function ensureJanitorSchedule(client: Client, config: Pick<Config, 'TEMPORAL_TASK_QUEUE'>) {
  const scheduleId = janitorScheduleId(config.TEMPORAL_TASK_QUEUE);
  const everything: JanitorSweepInput = {};
  try {
    await client.schedule.create({
      scheduleId,
      spec: { intervals: [{ every: JANITOR_INTERVAL }] },
      action: {
        type: 'startWorkflow',
        workflowType: reconciliationJanitorWorkflow,
        workflowId: scheduleId,
        taskQueue: config.TEMPORAL_TASK_QUEUE,
        args: [everything],
      },
      policies: { overlap: 'SKIP', catchupWindow: JANITOR_INTERVAL },
    });
  } catch (error) {
    if (!isScheduleAlreadyRunning(error)) throw error;
  }
  return client.schedule.getHandle(scheduleId);
}

/** For the worker's start-up: connects, makes sure the schedule exists, disconnects. */
export async function installJanitorSchedule(
  config: TemporalSettings & Pick<Config, 'TEMPORAL_TASK_QUEUE'>,
): Promise<void> {
  const temporal = await createTemporalClient(config);
  try {
    await ensureJanitorSchedule(temporal.client, config);
  } finally {
    await temporal.close();
  }
}
