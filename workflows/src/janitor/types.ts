/**
 * What one reconciliation run looks at. Named splits are one sweep of just those; otherwise the run
 * is a pass over merchants (all with candidates: the schedule's input, `{}`), each merchant's splits
 * swept from that merchant's own cursor, several merchants side by side (docs/runbook.md, "Janitor").
 */
export type JanitorSweepInput = {
  /** Only this business's splits (tests, or support re-checking one merchant). */
  merchantId?: string;
  /** Only these businesses' splits. */
  merchantIds?: string[];
  /** Only these splits: one sweep, no cursor. */
  splitIds?: string[];
  /** How far back finished splits are re-checked; default two days. */
  recentWithinMs?: number;
  /** Merchants swept side by side; JANITOR_MERCHANTS_AT_ONCE when absent. */
  merchantsAtOnce?: number;
  /** Merchants listed at a time (100); tests make it small. */
  merchantPage?: number;
  /** History events after which a pass continues as new between pages (8,000); tests make it small. */
  historyEventsBeforeContinuing?: number;
  /** Where a pass that continued as new had got to. */
  pass?: JanitorPassState;
};

export type JanitorPassState = {
  /** The pass has swept every merchant up to this id (merchants are taken in id order). */
  afterMerchantId: string;
  totals: JanitorSweepResult;
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
  /** Merchants whose every candidate this pass examined (absent for a sweep of named splits). */
  merchants?: number;
};

/** One merchant's part of a pass: at most JANITOR_SPLITS_PER_SWEEP of its splits, from its cursor. */
export type JanitorMerchantSweepInput = {
  merchantId: string;
  /** Candidates this pass has still to examine for the merchant; counted by the first sweep when absent. */
  remaining?: number;
  recentWithinMs?: number;
};

export type JanitorMerchantSweepResult = JanitorSweepResult & {
  /** Candidates the pass has still to examine for this merchant after this sweep. */
  remaining: number;
};

export type JanitorMerchantPage = {
  /** Merchants with candidates, in id order. */
  merchantIds: string[];
  /** JANITOR_MERCHANTS_AT_ONCE, as the worker is configured. */
  merchantsAtOnce: number;
};

export interface JanitorActivities {
  reconcileSplits(input: JanitorSweepInput): Promise<JanitorSweepResult>;
  janitorMerchants(input: {
    afterMerchantId?: string;
    merchantIds?: string[];
    limit: number;
    recentWithinMs?: number;
  }): Promise<JanitorMerchantPage>;
  reconcileMerchant(input: JanitorMerchantSweepInput): Promise<JanitorMerchantSweepResult>;
}

export const JANITOR_INTERVAL = '15 minutes';
/** Schedule (and workflow) id per task queue, so test stacks never share one. */
export const janitorScheduleId = (taskQueue: string) => `janitor:${taskQueue}`;
