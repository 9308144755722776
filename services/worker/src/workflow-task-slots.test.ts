import { randomUUID } from 'node:crypto';
import { createDb, createLogger, createTemporalClient, loadConfig, type TemporalHandle } from '@groupsplit/shared';
import { pokeSignal, signalledWorkflow, slowStepWorkflow } from './test-support/slow-step-workflow';
import { goSignal, SLOW_TASK_MS, slowTaskWorkflow } from './test-support/slow-task-workflow';
import { createWorker, installWorkerRuntime } from './worker';

/**
 * A worker started after a crash finds every waiting split's task in the queue at once, and with
 * nothing cached each task replays a whole history. The worker runs the tasks it holds one after
 * another on one thread, while each one's 10 s timeout runs from the moment it was taken. Holding the
 * SDK's default 40, the tasks at the back timed out every time (the cluster chaos run's first-wave
 * herd). Here 40 workflows wait in the queue before the worker starts, each task holding the thread
 * for SLOW_TASK_MS: taking all 40 (20 s of work) times tasks out; taking WORKER_MAX_CONCURRENT_WORKFLOW_TASKS
 * (8) and what the shared queue's polls in flight bring (2), so at most 5 s from taking a task to
 * finishing it, times none out.
 */
const WAITING_WORKFLOWS = 40;
const SHARED_QUEUE_POLLS = 2; // the SDK's 10 polls × its non-sticky ratio 0.2 (task-slots.ts)
const WORKFLOW_TASK_TIMED_OUT = 8; // temporal.api.enums.v1.EventType.EVENT_TYPE_WORKFLOW_TASK_TIMED_OUT

describe("the worker's workflow task slots", () => {
  const config = { ...loadConfig(), TEMPORAL_TASK_QUEUE: `task-slots-${randomUUID()}` };
  const db = createDb(config.DATABASE_URL, 2);
  let temporal: TemporalHandle;
  beforeAll(async () => {
    temporal = await createTemporalClient(config, { connectTimeoutMs: 60_000 });
  });
  afterAll(async () => {
    await temporal.close();
    await db.destroy();
  });

  it('take no more tasks than the worker finishes inside their timeout, so none times out', async () => {
    expect((config.WORKER_MAX_CONCURRENT_WORKFLOW_TASKS + SHARED_QUEUE_POLLS) * SLOW_TASK_MS).toBeLessThanOrEqual(
      10_000 / 2,
    );
    // The herd: every workflow's task is waiting before any worker polls.
    const handles = await Promise.all(
      Array.from({ length: WAITING_WORKFLOWS }, () =>
        temporal.client.workflow.signalWithStart(slowTaskWorkflow, {
          taskQueue: config.TEMPORAL_TASK_QUEUE,
          workflowId: `task-slots-${randomUUID()}`,
          workflowTaskTimeout: '10 seconds',
          signal: goSignal,
        }),
      ),
    );
    const logger = createLogger('worker', 'error');
    installWorkerRuntime(logger, 'ERROR');
    const { worker, connection } = await createWorker({
      config,
      db,
      logger,
      workflowsPath: require.resolve('./test-support/slow-task-workflow'),
    });
    try {
      await worker.runUntil(Promise.all(handles.map((handle) => handle.result())));
    } finally {
      await connection.close();
    }
    const timedOut: string[] = [];
    for (const handle of handles) {
      const history = await handle.fetchHistory();
      const timeouts = (history.events ?? []).filter((event) => event.eventType === WORKFLOW_TASK_TIMED_OUT);
      if (timeouts.length > 0) timedOut.push(`${handle.workflowId}: ${timeouts.length}`);
    }
    expect(timedOut).toEqual([]);
  });

  /**
   * A task waiting on a local step (a hold or a capture waiting on a slow processor) keeps its slot
   * with the thread free. Counted as a slot, 8 such waits stopped the worker taking any other split's
   * task: under chaos a cancel waited 90 s. Here twice WORKER_MAX_CONCURRENT_WORKFLOW_TASKS workflows
   * sit in a local step that does not end until the test lets it, and another workflow's signal must
   * still be taken.
   */
  it('do not count tasks waiting on a local step, so a slow processor call holds no other split up', async () => {
    const slotConfig = { ...config, TEMPORAL_TASK_QUEUE: `task-slots-steps-${randomUUID()}` };
    const waitingSteps = slotConfig.WORKER_MAX_CONCURRENT_WORKFLOW_TASKS * 2;
    let entered = 0;
    let allEntered: () => void = () => {};
    const allStepsRunning = new Promise<void>((resolve) => {
      allEntered = resolve;
    });
    let releaseSteps: () => void = () => {};
    const stepsReleased = new Promise<void>((resolve) => {
      releaseSteps = resolve;
    });
    const activities = {
      async waitForRelease() {
        entered += 1;
        if (entered === waitingSteps) allEntered();
        await stepsReleased;
      },
    };
    const logger = createLogger('worker', 'error');
    installWorkerRuntime(logger, 'ERROR');
    const { worker, connection } = await createWorker({
      config: slotConfig,
      db,
      logger,
      activities,
      workflowsPath: require.resolve('./test-support/slow-step-workflow'),
    });
    const start = (workflow: typeof slowStepWorkflow) =>
      temporal.client.workflow.start(workflow, {
        taskQueue: slotConfig.TEMPORAL_TASK_QUEUE,
        workflowId: `task-slots-steps-${randomUUID()}`,
      });
    try {
      await worker.runUntil(async () => {
        const slow = await Promise.all(Array.from({ length: waitingSteps }, () => start(slowStepWorkflow)));
        await allStepsRunning;
        const other = await start(signalledWorkflow);
        await other.signal(pokeSignal);
        await other.result();
        expect(entered).toBe(waitingSteps);
        releaseSteps();
        await Promise.all(slow.map((handle) => handle.result()));
      });
    } finally {
      releaseSteps();
      await connection.close();
    }
  });
});
