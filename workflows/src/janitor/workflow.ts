import { proxyActivities } from '@temporalio/workflow';
import type { JanitorActivities, JanitorSweepInput, JanitorSweepResult } from './types';

const { reconcileSplits } = proxyActivities<JanitorActivities>({
  startToCloseTimeout: '10 minutes',
  // The sweep heartbeats once per split, so a worker that died mid-sweep is noticed within 30 s.
  heartbeatTimeout: '30 seconds',
  // Worker restarts and lost database connections mid-sweep are retried until the next scheduled
  // sweep is due (every 15 minutes). A count of attempts can run out while workers keep restarting
  // (a sweep can outlast a worker that lives only seconds), and then the scheduled run fails.
  scheduleToCloseTimeout: '14 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});

/** One reconciliation sweep; a Temporal Schedule starts it every 15 minutes. */
export async function reconciliationJanitorWorkflow(input: JanitorSweepInput = {}): Promise<JanitorSweepResult> {
  return reconcileSplits(input);
}
