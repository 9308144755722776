import { type SplitRow, SplitsRepository } from '@groupsplit/shared';
import { askWhileTaskRetries } from '@groupsplit/workflows/client';
import type { CheckoutDeps } from '../deps';

type SplitStatus = SplitRow['status'];

export type WorkflowCallResult<T> =
  | { changed: false; value: T }
  /** The split moved on between the caller's read and the call; `status` is where it is now (null: gone). */
  | { changed: true; status: SplitStatus | null };

/**
 * Calls a split's workflow about a split the caller has just read. The workflow can move on in
 * between (finish and close, or leave the state the caller saw), and then the call fails. That
 * failure is not an error of ours: re-read the split and answer from where it is now.
 * `isChange(error, now)` tells that race from a real failure, which is rethrown as it was.
 * Both the cancel and the refund routes answer "changed between read and call" through here.
 */
export async function callSplitWorkflow<T>(
  { db, config }: Pick<CheckoutDeps, 'db' | 'config'>,
  splitId: string,
  call: () => Promise<T>,
  isChange: (error: unknown, now: SplitStatus | null) => boolean,
): Promise<WorkflowCallResult<T>> {
  try {
    // A worker that died mid-task makes Temporal refuse updates for a few seconds: ask again.
    return { changed: false, value: await askWhileTaskRetries(call, { forMs: config.WORKFLOW_TASK_RETRY_WAIT_MS }) };
  } catch (error) {
    const now = await new SplitsRepository(db).statusOf(splitId);
    if (!isChange(error, now)) throw error;
    return { changed: true, status: now };
  }
}
