import type { Client } from '@temporalio/client';
import { WorkflowNotFoundError } from '@temporalio/common';
import { splitWorkflowId } from '../split/workflow';

/**
 * Whether the split workflow `split:<splitId>` was ever started (running or closed). A claimed
 * hosted-checkout session without one was left by a request that died before starting it: checkout
 * takes such a claim up, the expiry job expires it (docs/hosted-checkout.md, "Once per session").
 */
export function splitWorkflowExists(client: Client, splitId: string): Promise<boolean> {
  return client.workflow
    .getHandle(splitWorkflowId(splitId))
    .describe()
    .then(
      () => true,
      (error: unknown) => {
        if (error instanceof WorkflowNotFoundError) return false;
        throw error;
      },
    );
}
