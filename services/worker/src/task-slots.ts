import type {
  CustomSlotSupplier,
  LocalActivitySlotInfo,
  SlotPermit,
  TunerHolder,
  WorkflowSlotInfo,
} from '@temporalio/worker';

/**
 * How the worker hands out its task slots (the SDK's tuner). Two limits pull against each other:
 *
 * - **The workflow thread.** The SDK runs workflow code on one thread, so the tasks a worker holds
 *   run one after another, and each task's 10 s timeout runs from the moment it was taken. A worker
 *   started after a crash has nothing cached and each task replays a whole history: holding the SDK's
 *   40, the tasks at the back timed out every time (the first-wave herd, bench/history/2026-12-cluster.md).
 * - **Local steps.** A task that reaches a local activity (a hold, a release, a capture batch, a
 *   projection write) keeps its slot until the step ends, while the step waits on the processor or on
 *   Postgres, up to 45 s, with the thread free. Counting those tasks, 8 slots capped creation at about
 *   8 splits at once (figure 2 fell from 39.8 % to 23.6 %), and under chaos a worker whose 8 slots all
 *   waited on slow processor calls (each task heartbeating at 8 s) took no other split's task: a
 *   cancel waited 90 s.
 *
 * So a workflow task slot is handed out while fewer than `threadSlots` of the tasks in hand can need
 * the thread: tasks in use minus local steps running. A task waiting on its local step does not
 * count; when the step ends it counts again, and no new task is taken until the count is back under
 * the limit. The split workflow runs its local steps one at a time, so one running step stands for
 * one waiting task. Slots the SDK reserves ahead for its polls count only once a task arrives in
 * them, so a poll waiting on an empty sticky queue keeps no task out; the polls in flight when the
 * limit is reached can each still bring one (the SDK's 10: 2 on the shared queue, where a restarted
 * worker's whole-history replays come from, and 8 on its sticky queue, which brings only tasks of
 * splits it already has in memory). Tests: task-slots.test.ts, workflow-task-slots.test.ts.
 */
export type TaskSlotLimits = {
  /** Held workflow tasks not waiting on a local step: WORKER_MAX_CONCURRENT_WORKFLOW_TASKS. */
  threadSlots: number;
  /** Local activities running at once (the SDK's default, 100). */
  localSteps: number;
  /** Regular activities running at once (the SDK's default, 100). */
  activities: number;
};

export const DEFAULT_LOCAL_STEPS = 100;
export const DEFAULT_ACTIVITIES = 100;

type Waiter = { grant: () => void; cancel: () => void };

/** A counter of issued permits with a queue of reservations waiting for `canIssue`. */
class SlotPool {
  issued = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly canIssue: () => boolean) {}

  tryTake(): SlotPermit | null {
    if (!this.canIssue()) return null;
    this.issued += 1;
    return {};
  }

  take(abortSignal: AbortSignal): Promise<SlotPermit> {
    const permit = this.tryTake();
    if (permit) return Promise.resolve(permit);
    return new Promise<SlotPermit>((resolve, reject) => {
      const onAbort = () => {
        waiter.cancel();
        reject(abortSignal.reason);
      };
      const waiter: Waiter = {
        grant: () => {
          abortSignal.removeEventListener('abort', onAbort);
          this.issued += 1;
          resolve({});
        },
        cancel: () => {
          const index = this.waiting.indexOf(waiter);
          if (index >= 0) this.waiting.splice(index, 1);
        },
      };
      this.waiting.push(waiter);
      abortSignal.addEventListener('abort', onAbort, { once: true });
    });
  }

  give(): void {
    this.issued -= 1;
    this.wake();
  }

  /** Grants waiting reservations, oldest first, while the limit allows. */
  wake(): void {
    while (this.waiting.length > 0 && this.canIssue()) this.waiting.shift()!.grant();
  }
}

/** A supplier over a pool; the hooks see a slot once a task uses it and when a used slot is given back. */
const supplierOf = <SI extends WorkflowSlotInfo | LocalActivitySlotInfo>(
  pool: SlotPool,
  hooks: { onUse?: () => void; onReleaseUsed?: () => void } = {},
): CustomSlotSupplier<SI> => ({
  type: 'custom',
  reserveSlot: (_ctx, abortSignal) => pool.take(abortSignal),
  tryReserveSlot: () => pool.tryTake(),
  markSlotUsed: () => hooks.onUse?.(),
  releaseSlot: ({ slotInfo }) => {
    if (slotInfo) hooks.onReleaseUsed?.();
    pool.give();
  },
});

/** The worker's tuner: workflow task slots counted by the thread they need (see above). */
export function threadBoundTuner(limits: TaskSlotLimits): TunerHolder {
  // Counted from the moment a task or step is handed its slot (markSlotUsed) until it gives it back:
  // the SDK reserves slots ahead for its polls (a sticky poll can hold one for a minute on an empty
  // queue) and a local activity slot before it has a step, and neither needs the thread.
  let tasksInUse = 0;
  let stepsRunning = 0;
  const localSteps: SlotPool = new SlotPool(() => localSteps.issued < limits.localSteps);
  const workflowTasks: SlotPool = new SlotPool(() => tasksInUse - stepsRunning < limits.threadSlots);
  return {
    workflowTaskSlotSupplier: supplierOf<WorkflowSlotInfo>(workflowTasks, {
      onUse: () => {
        tasksInUse += 1;
      },
      onReleaseUsed: () => {
        tasksInUse -= 1;
      },
    }),
    localActivityTaskSlotSupplier: supplierOf<LocalActivitySlotInfo>(localSteps, {
      // A step starting frees its task's claim on the thread; one ending takes it back.
      onUse: () => {
        stepsRunning += 1;
        workflowTasks.wake();
      },
      onReleaseUsed: () => {
        stepsRunning -= 1;
      },
    }),
    activityTaskSlotSupplier: { type: 'fixed-size', numSlots: limits.activities },
    nexusTaskSlotSupplier: { type: 'fixed-size', numSlots: 1 },
  };
}
