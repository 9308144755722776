import { condition, defineSignal, proxyLocalActivities, setHandler } from '@temporalio/workflow';

/**
 * Workflows for workflow-task-slots.test.ts: one whose task waits on a local step for as long as the
 * test holds it (a hold or a capture waiting on a slow processor), and one that only takes a signal
 * (a cancel arriving for another split).
 */
export type SlowStepActivities = { waitForRelease(): Promise<void> };

const { waitForRelease } = proxyLocalActivities<SlowStepActivities>({ startToCloseTimeout: '5 minutes' });

export async function slowStepWorkflow(): Promise<void> {
  await waitForRelease();
}

export const pokeSignal = defineSignal('poke');

export async function signalledWorkflow(): Promise<void> {
  let poked = false;
  setHandler(pokeSignal, () => {
    poked = true;
  });
  await condition(() => poked);
}
