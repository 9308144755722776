import { type Stack, waitUntil } from '@groupsplit/testing';
import { splitWorkflowId } from '@groupsplit/workflows';

/**
 * Swaps a split's workflow for one whose every task fails (a workflow type no worker has), so
 * Temporal refuses updates to it for as long as the test needs, the way it does while a workflow's
 * task keeps being lost (workers dying). The split's rows stay as they were. Returns the broken
 * workflow's handle: terminate it when the test is over.
 */
export async function breakSplitWorkflow(stack: Stack, splitId: string) {
  const client = stack.temporal.client.workflow;
  await client.getHandle(splitWorkflowId(splitId)).terminate('test: replaced by a workflow whose tasks fail');
  const broken = await client.start('noSuchWorkflowType', {
    workflowId: splitWorkflowId(splitId),
    taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
    args: [],
  });
  // Its first task has failed: from now on Temporal retries the task and refuses updates.
  await waitUntil(
    'the broken workflow task failed',
    () => broken.fetchHistory(),
    ({ events }) => (events ?? []).some((e) => e.workflowTaskFailedEventAttributes),
  );
  return broken;
}
