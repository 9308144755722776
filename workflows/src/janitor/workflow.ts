import { proxyActivities } from '@temporalio/workflow';
import type { JanitorActivities, JanitorSweepInput, JanitorSweepResult } from './types';

const { reconcileSplits } = proxyActivities<JanitorActivities>({
  startToCloseTimeout: '10 minutes',
  // The sweep heartbeats once per split, so a worker that died mid-sweep is noticed within 30 s.
  heartbeatTimeout: '30 seconds',
  // Worker restarts and lost database connections mid-sweep; the next scheduled sweep is the
  // retry for anything that outlasts these (the chaos run kills the worker every 10 s).
  retry: { maximumAttempts: 6, initialInterval: '5 seconds', backoffCoefficient: 2 },
});

/** One reconciliation sweep; a Temporal Schedule starts it every 15 minutes. */
export async function reconciliationJanitorWorkflow(input: JanitorSweepInput = {}): Promise<JanitorSweepResult> {
  return reconcileSplits(input);
}
