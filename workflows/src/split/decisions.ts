import { patched, sleep } from '@temporalio/workflow';
import type { SplitState } from './state';

/**
 * Decisions reach history before their effects (patch `split-decisions-in-history`).
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
 * Both happened under the chaos run's worker kills (bench/README.md, "Chaos run"). So before the
 * first effect of such a decision the workflow ends its task: a 1 ms timer, whose command goes to
 * the server with the update's acceptance and the local steps' results. The effects then run in
 * the next task, which can be lost and run again only with that decision already in history.
 * It costs one round trip to the Temporal server, on cancels and failed creations only.
 */
export const DECISIONS_IN_HISTORY_PATCH = 'split-decisions-in-history';

/**
 * Asked once, in the run's first activation, and remembered (docs/development.md, "Where to ask
 * `patched()`"). Histories from before the patch replay without the extra timer. Only a run that
 * starts at creation can cancel or fail creation; a run continued as new is past both.
 */
export function decideDecisionRecording(split: SplitState) {
  split.recordDecisions = split.status === 'creating' && patched(DECISIONS_IN_HISTORY_PATCH);
}

/** Ends the workflow task here, so what was decided so far is in history before the next step runs. */
export async function recordDecision(split: SplitState) {
  if (split.recordDecisions) await sleep(1);
}
