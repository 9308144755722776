/**
 * The engine's floor (bench/README.md): the least a split workflow does, on the same Temporal server.
 * Started by update-with-start; the start update answers once one local activity has run (ours
 * answers once the holds are placed); then the workflow waits for the update that completes it
 * (ours: an authorisation). Deterministic workflow code, bundled by its own worker (bare/worker.ts).
 */
import { condition, defineUpdate, proxyLocalActivities, setHandler } from '@temporalio/workflow';
import type * as activities from './activities';

export const openUpdate = defineUpdate<string>('bareOpen');
export const completeUpdate = defineUpdate<string>('bareComplete');

const { touch } = proxyLocalActivities<typeof activities>({ startToCloseTimeout: '10 seconds' });

export async function bareWorkflow(): Promise<void> {
  let opened = false;
  let completed = false;
  setHandler(openUpdate, async () => {
    await condition(() => opened);
    return 'open';
  });
  setHandler(completeUpdate, async () => {
    await condition(() => opened);
    completed = true;
    return 'complete';
  });
  await touch();
  opened = true;
  await condition(() => completed);
}
