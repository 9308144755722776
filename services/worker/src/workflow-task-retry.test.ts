import { randomUUID } from 'node:crypto';
import { createTemporalClient, loadConfig, type TemporalHandle } from '@groupsplit/shared';

/**
 * Temporal gives a workflow task retried more than three times a longer start-to-close timeout each
 * time (5 s doubling; its own cap is 10 minutes). A worker that dies holding such an attempt stalls the
 * workflow for that long: a 500-split chaos run on the cluster left splits 3 to 20 minutes in
 * `capturing`, `canceling` and `pending` between a timed-out task and the next. The run's server is
 * started with the cap every deployment ships (deploy/temporal/dynamicconfig.yaml): 30 s.
 */
const TASK_TIMEOUT_SECONDS = 10;
const RETRY_CAP_SECONDS = 30;
const WORKFLOW_TASK_SCHEDULED = 5; // temporal.api.enums.v1.EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED
const WORKFLOW_TASK_FAILED_CAUSE_UNHANDLED_COMMAND = 1;

describe("the Temporal server's workflow task retries", () => {
  let temporal: TemporalHandle;
  beforeAll(async () => {
    temporal = await createTemporalClient(loadConfig());
  });
  afterAll(() => temporal.close());

  it('give a task that failed many times at most 10 s + 30 s before a dead worker is given up', async () => {
    const { TEMPORAL_NAMESPACE: namespace } = loadConfig();
    const taskQueue = `retry-cap-${randomUUID()}`;
    const workflowId = `retry-cap-${randomUUID()}`;
    // No worker: the test polls and answers the workflow's tasks itself, as a worker that keeps failing would.
    await temporal.client.workflow.start('retryCapProbe', {
      taskQueue,
      workflowId,
      workflowTaskTimeout: `${TASK_TIMEOUT_SECONDS} seconds`,
    });
    try {
      const timeouts: number[] = [];
      for (let attempt = 1; attempt <= 12; attempt++) {
        // A long poll needs a deadline; the task is there already, so it answers at once.
        const task = await temporal.connection.withDeadline(Date.now() + 60_000, () =>
          temporal.connection.workflowService.pollWorkflowTaskQueue({
            namespace,
            taskQueue: { name: taskQueue },
            identity: 'retry-cap-test',
          }),
        );
        expect(task.attempt).toBe(attempt);
        // The attempt's own scheduled event (a transient one after the first) carries its timeout.
        const scheduled = (task.history?.events ?? []).filter((e) => e.eventType === WORKFLOW_TASK_SCHEDULED).at(-1);
        timeouts.push(Number(scheduled?.workflowTaskScheduledEventAttributes?.startToCloseTimeout?.seconds ?? -1));
        await temporal.connection.workflowService.respondWorkflowTaskFailed({
          namespace,
          taskToken: task.taskToken,
          cause: WORKFLOW_TASK_FAILED_CAUSE_UNHANDLED_COMMAND,
          identity: 'retry-cap-test',
        });
      }
      // Without the cap the twelfth attempt would wait 10 s + 10 minutes: [10, 10, 10, 15, 20, …, 610].
      // Attempts 1–3 keep the workflow's own timeout; from the fourth it grows, up to the cap.
      expect(timeouts.slice(0, 3)).toEqual([TASK_TIMEOUT_SECONDS, TASK_TIMEOUT_SECONDS, TASK_TIMEOUT_SECONDS]);
      expect(timeouts[3]).toBeGreaterThan(TASK_TIMEOUT_SECONDS);
      // The backoff has jitter, so the cap shows as a ceiling that the later attempts reach.
      expect(timeouts.every((t) => t <= TASK_TIMEOUT_SECONDS + RETRY_CAP_SECONDS)).toBe(true);
      expect(Math.max(...timeouts)).toBeGreaterThan(TASK_TIMEOUT_SECONDS + RETRY_CAP_SECONDS / 2);
    } finally {
      await temporal.client.workflow.getHandle(workflowId).terminate('test done');
    }
  });
});
