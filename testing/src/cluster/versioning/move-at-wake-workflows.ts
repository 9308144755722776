// The "move to the current build by continue-as-new" mechanism of the Worker Versioning trial
// (worker-versioning.cluster.test.ts), in a workflow of its own: the split workflow does not do it yet.
// A pinned run that waits (as a captured split waits out its refund window) wakes on a timer; told by
// the server that its deployment has a new current build, it continues as new onto that build, so no
// build ever replays a history another build wrote. Not part of the product.
import type { Duration } from '@temporalio/common';
import { makeContinueAsNewFunc, sleep, workflowInfo } from '@temporalio/workflow';

/**
 * Wakes every `wakeEvery` (a split in its refund window would wake daily); continues as new onto the
 * current build once the server says it has changed. A wake right after the change can still miss it:
 * the server learns the new target from matching, which hears of it a moment later.
 */
export async function waitingWorkflow(runs: number, wakeEvery: Duration = '2 seconds'): Promise<number> {
  for (;;) {
    await sleep(wakeEvery);
    if (workflowInfo().targetWorkerDeploymentVersionChanged) {
      const moveToCurrentBuild = makeContinueAsNewFunc<typeof waitingWorkflow>({
        initialVersioningBehavior: 'AUTO_UPGRADE',
      });
      await moveToCurrentBuild(runs + 1, wakeEvery);
    }
  }
}
