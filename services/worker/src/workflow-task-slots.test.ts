import { randomUUID } from 'node:crypto';
import { createDb, createLogger, createTemporalClient, loadConfig, type TemporalHandle } from '@groupsplit/shared';
import { goSignal, SLOW_TASK_MS, slowTaskWorkflow } from './test-support/slow-task-workflow';
import { createWorker, installWorkerRuntime } from './worker';

/**
 * A worker started after a crash finds every waiting split's task in the queue at once, and with
 * nothing cached each task replays a whole history. The worker runs the tasks it holds one after
 * another on one thread, while each one's 10 s timeout runs from the moment it was taken. Holding the
 * SDK's default 40, the tasks at the back timed out every time (the cluster chaos run's first-wave
 * herd). Here 40 workflows wait in the queue before the worker starts, each task holding the thread
 * for SLOW_TASK_MS: taking all 40 (20 s of work) times tasks out; taking WORKER_MAX_CONCURRENT_WORKFLOW_TASKS
 * (8, so at most 4 s from taking a task to finishing it) times none out.
 */
const WAITING_WORKFLOWS = 40;
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
    expect(config.WORKER_MAX_CONCURRENT_WORKFLOW_TASKS * SLOW_TASK_MS).toBeLessThan(10_000 / 2);
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
});
