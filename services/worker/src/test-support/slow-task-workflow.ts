import { condition, defineSignal, setHandler } from '@temporalio/workflow';

/**
 * A workflow whose task after `go` holds the worker's workflow thread for SLOW_TASK_MS of wall time,
 * as the replay of a long split history does on a loaded machine (workflow-task-slots.test.ts).
 * Atomics.wait blocks without spending CPU, so the cost is the same however loaded the machine is.
 */
export const SLOW_TASK_MS = 500;
export const goSignal = defineSignal('go');

export async function slowTaskWorkflow(): Promise<void> {
  let go = false;
  setHandler(goSignal, () => {
    go = true;
  });
  await condition(() => go);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, SLOW_TASK_MS);
}
