import { temporalClientPackage } from '@groupsplit/shared';

/**
 * Temporal refuses an update (and an update-with-start's update) while the workflow's task is being
 * retried: after a worker died in the middle of one, until a worker completes the next attempt. The
 * workflow is healthy and a worker picks the task up within seconds, so a caller asks again rather
 * than fail the request that is waiting on the answer.
 */
const REFUSED_WHILE_TASK_RETRIES = /Workflow Task in failed state/;
const ASK_AGAIN_FOR_MS = 60_000;
const ASK_AGAIN_PAUSE_MS = 500;

export function refusedWhileTaskRetries(error: unknown): boolean {
  for (let e = error as { message?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (REFUSED_WHILE_TASK_RETRIES.test(e.message ?? '')) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Temporal refused the update while the workflow's task is retried, or gave up waiting for a worker
 * to take it (the update call's own deadline passed: no worker completed a task of the workflow in
 * that time). Either way no answer came, and asking again (with the same update id, so that an update
 * still pending is joined rather than repeated) is what the caller should do.
 */
export function updateNotTakenYet(error: unknown): boolean {
  // The client package at the check, not with this module: a process that never connects to Temporal
  // never loads it (packages/temporal/src/client.ts); an error the client raised means it is loaded already.
  const { WorkflowUpdateRPCTimeoutOrCancelledError } = temporalClientPackage();
  return refusedWhileTaskRetries(error) || error instanceof WorkflowUpdateRPCTimeoutOrCancelledError;
}

/**
 * Runs `call` (an update), again while Temporal refuses it because the workflow's task is being
 * retried or its call times out waiting for a worker (`updateNotTakenYet`). A `call` that can be
 * asked again passes a fixed `updateId`.
 */
export async function askWhileTaskRetries<T>(call: () => Promise<T>, options: { forMs?: number } = {}): Promise<T> {
  const deadline = Date.now() + (options.forMs ?? ASK_AGAIN_FOR_MS);
  for (;;) {
    try {
      return await call();
    } catch (error) {
      if (!updateNotTakenYet(error) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, ASK_AGAIN_PAUSE_MS));
    }
  }
}
