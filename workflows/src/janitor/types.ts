/** What one reconciliation sweep looks at; everything when empty (the schedule's input). */
export type JanitorSweepInput = {
  /** Only this business's splits (tests, or support re-checking one merchant). */
  merchantId?: string;
  /** Only these splits. */
  splitIds?: string[];
  /** How far back finished splits are re-checked; default two days. */
  recentWithinMs?: number;
};

export type JanitorSweepResult = {
  /** Splits compared with the processor. */
  examined: number;
  /** Drift seen in this sweep (open findings, new or already known). */
  findings: number;
  /** Findings this sweep acted on by signalling the split workflow. */
  signalled: number;
  /** Findings closed because the drift is gone. */
  resolved: number;
  /** Processor or Temporal look-ups that failed (their splits are looked at again next sweep). */
  errors: number;
};

export interface JanitorActivities {
  reconcileSplits(input: JanitorSweepInput): Promise<JanitorSweepResult>;
}

export const JANITOR_INTERVAL = '15 minutes';
/** Schedule (and workflow) id per task queue, so test stacks never share one. */
export const janitorScheduleId = (taskQueue: string) => `janitor:${taskQueue}`;
