// The "move to the current build by continue-as-new" mechanism of the Worker Versioning trial
// (worker-versioning.cluster.test.ts), in a workflow of its own: the split workflow does not do it yet.
// A pinned run that waits (as a captured split waits out its refund window) wakes on a signal; told by
// the server that its deployment has a new current build, it continues as new onto that build, so no
// build ever replays a history another build wrote. Not part of the product.
import { condition, defineSignal, makeContinueAsNewFunc, setHandler, workflowInfo } from '@temporalio/workflow';

export const wakeSignal = defineSignal('wake');

/** Returns how many wakes this run saw; continues as new onto the current build when it has changed. */
export async function waitingWorkflow(runs: number): Promise<number> {
  let wakes = 0;
  setHandler(wakeSignal, () => {
    wakes += 1;
  });
  for (;;) {
    await condition(() => wakes > 0);
    wakes = 0;
    if (workflowInfo().targetWorkerDeploymentVersionChanged) {
      const moveToCurrentBuild = makeContinueAsNewFunc<typeof waitingWorkflow>({
        initialVersioningBehavior: 'AUTO_UPGRADE',
      });
      await moveToCurrentBuild(runs + 1);
    }
  }
}
