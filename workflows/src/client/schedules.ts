import { type Config, createTemporalClient, isScheduleAlreadyRunning, type TemporalSettings } from '@groupsplit/shared';
import type { Client, ScheduleOptionsStartWorkflowAction } from '@temporalio/client';
import type { Duration, Workflow } from '@temporalio/common';

type Timing = {
  every: Duration;
  /** How late a missed run may still start (after a worker or server outage). */
  catchupWindow: Duration;
};

/** The run a schedule starts: the typed workflow function, its arguments and task queue. */
export type ScheduledRun<W extends Workflow> = Omit<ScheduleOptionsStartWorkflowAction<W>, 'workflowId'>;

/**
 * Creates the schedule if it is not there yet: `run` every `timing.every`, one at a time,
 * with the schedule id as the run's workflow id. Several workers racing to create it at
 * start-up is harmless.
 */
export async function ensureSchedule<W extends Workflow>(
  client: Client,
  scheduleId: string,
  timing: Timing,
  run: ScheduledRun<W>,
) {
  try {
    await client.schedule.create<W>({
      scheduleId,
      spec: { intervals: [{ every: timing.every }] },
      action: { ...run, workflowId: scheduleId },
      policies: { overlap: 'SKIP', catchupWindow: timing.catchupWindow },
    });
  } catch (error) {
    if (!isScheduleAlreadyRunning(error)) throw error;
  }
  return client.schedule.getHandle(scheduleId);
}

export type ScheduleInstallConfig = TemporalSettings & Pick<Config, 'TEMPORAL_TASK_QUEUE'>;

/** For the worker's start-up: connects, runs `ensure` (one or more ensure…Schedule calls), disconnects. */
export async function withTemporalClient(config: ScheduleInstallConfig, ensure: (client: Client) => Promise<unknown>) {
  const temporal = await createTemporalClient(config);
  try {
    await ensure(temporal.client);
  } finally {
    await temporal.close();
  }
}
