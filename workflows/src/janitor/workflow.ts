import { proxyActivities } from '@temporalio/workflow';
import type { JanitorActivities, JanitorSweepInput, JanitorSweepResult } from './types';

const { reconcileSplits } = proxyActivities<JanitorActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '2 minutes',
  // The next scheduled sweep is the real retry; this only covers a worker restart mid-sweep.
  retry: { maximumAttempts: 2, initialInterval: '10 seconds' },
});

/** One reconciliation sweep; a Temporal Schedule starts it every 15 minutes. */
export async function reconciliationJanitorWorkflow(input: JanitorSweepInput = {}): Promise<JanitorSweepResult> {
  return reconcileSplits(input);
}
