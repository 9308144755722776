// Build B of the Worker Versioning trial (worker-versioning.cluster.test.ts): today's workflows with one
// change that would otherwise need `patched()`: the split workflow starts a timer in its first task.
// Replaying a history written by build A through this code fails with a nondeterminism error, so an
// open split started by build A must never get a task on build B. Not part of the product.
import { sleep } from '@temporalio/workflow';
import { splitWorkflow as splitWorkflowOfBuildA } from '../../../../workflows/src/index';

export * from '../../../../workflows/src/index';

export async function splitWorkflow(
  ...args: Parameters<typeof splitWorkflowOfBuildA>
): ReturnType<typeof splitWorkflowOfBuildA> {
  // Build A's code runs first, so its handlers are registered in the first activation, as in build A.
  const run = splitWorkflowOfBuildA(...args);
  run.catch(() => undefined);
  await sleep(1); // the change: one more timer command
  return run;
}
