import type {
  CustomSlotSupplier,
  LocalActivitySlotInfo,
  SlotInfo,
  SlotReserveContext,
  SlotSupplier,
  WorkflowSlotInfo,
} from '@temporalio/worker';
import { threadBoundTuner } from './task-slots';

/** The tuner's bookkeeping alone; workflow-task-slots.test.ts runs it in a real worker. */
const ctx = (slotType: 'workflow' | 'local-activity'): SlotReserveContext => ({
  slotType,
  taskQueue: 'q',
  workerIdentity: 'w',
  workerBuildId: '',
  isSticky: false,
});
const workflowSlot: WorkflowSlotInfo = { type: 'workflow', workflowType: 'splitWorkflow', isSticky: false };
const stepSlot: LocalActivitySlotInfo = { type: 'local-activity', activityType: 'placeHold' };
const custom = <SI extends SlotInfo>(supplier: SlotSupplier<SI>): CustomSlotSupplier<SI> => {
  if (supplier.type !== 'custom') throw new Error('expected a custom supplier');
  return supplier;
};

describe('the worker tuner', () => {
  const setUp = () => {
    const tuner = threadBoundTuner({ threadSlots: 2, localSteps: 10, activities: 10 });
    return { tasks: custom(tuner.workflowTaskSlotSupplier), steps: custom(tuner.localActivityTaskSlotSupplier) };
  };
  const useTask = async (tasks: CustomSlotSupplier<WorkflowSlotInfo>) => {
    const permit = await tasks.reserveSlot(ctx('workflow'), new AbortController().signal);
    tasks.markSlotUsed({ slotInfo: workflowSlot, permit });
    return permit;
  };

  it('hands out slots to polls until that many tasks use the thread, then waits', async () => {
    const { tasks } = setUp();
    await useTask(tasks);
    await useTask(tasks);
    expect(tasks.tryReserveSlot(ctx('workflow'))).toBeNull();
  });

  it('does not count a task while its local step runs, and counts it again when the step ends', async () => {
    const { tasks, steps } = setUp();
    await useTask(tasks);
    await useTask(tasks);
    const waiting = tasks.reserveSlot(ctx('workflow'), new AbortController().signal);
    const stepPermit = await steps.reserveSlot(ctx('local-activity'), new AbortController().signal);
    steps.markSlotUsed({ slotInfo: stepSlot, permit: stepPermit });
    const third = await waiting;
    tasks.markSlotUsed({ slotInfo: workflowSlot, permit: third });
    expect(tasks.tryReserveSlot(ctx('workflow'))).toBeNull();
    steps.releaseSlot({ slotInfo: stepSlot, permit: stepPermit });
    tasks.releaseSlot({ slotInfo: workflowSlot, permit: third });
    expect(tasks.tryReserveSlot(ctx('workflow'))).toBeNull();
  });

  it('counts a slot reserved for a poll only once a task uses it', async () => {
    const { tasks } = setUp();
    for (let poll = 0; poll < 5; poll += 1) await tasks.reserveSlot(ctx('workflow'), new AbortController().signal);
    expect(tasks.tryReserveSlot(ctx('workflow'))).not.toBeNull();
  });

  it('gives up a waiting reservation when the SDK aborts it', async () => {
    const { tasks } = setUp();
    await useTask(tasks);
    const second = await useTask(tasks);
    const abort = new AbortController();
    const waiting = tasks.reserveSlot(ctx('workflow'), abort.signal);
    abort.abort(new Error('poller stopped'));
    await expect(waiting).rejects.toThrow('poller stopped');
    tasks.releaseSlot({ slotInfo: workflowSlot, permit: second });
    expect(tasks.tryReserveSlot(ctx('workflow'))).not.toBeNull();
  });
});
