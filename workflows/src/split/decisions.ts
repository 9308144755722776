import { sleep } from '@temporalio/workflow';

/**
 * Ends the workflow task here, so what was decided so far reaches history before its effects.
 *
 * The split's steps are local activities: they run inside the workflow task that reaches them,
 * and their results reach history only when that task completes. A worker that dies first loses
 * the task, and the task is run again from the last completed one, but the local steps' writes
 * and processor calls have already happened. That is safe while the task run again decides the
 * same thing. It is not when the decision rested on something the new task may not see:
 *
 * - a cancel update: Temporal records the update only when the task that accepted it completes,
 *   so a lost task's cancel can vanish after it wrote `canceling` and released holds;
 * - a hold that failed: the failure is a local result, so the new task may place the hold where
 *   the lost one had released the others and written `creation_failed`.
 *
 * Either would leave money and projection disagreeing with history (holds released for a split
 * that then captures; a split `creation_failed` whose holds are placed again). So before the
 * first effect of such a decision the workflow ends its task: a 1 ms timer, whose command goes to
 * the server with the update's acceptance and the local steps' results. The effects then run in
 * the next task, which can be lost and run again only with that decision already in history.
 * It costs one round trip to the Temporal server, on cancels and failed creations only.
 */
export async function recordDecision() {
  await sleep(1);
}
