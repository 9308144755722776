/**
 * The log messages of checkout's answers under a degraded Temporal (docs/hosted-checkout.md, "When
 * Temporal refuses the update"; docs/refunds.md). One warning line each; the chaos run counts them.
 */
export const FALLBACK_LOGS = {
  /** Updates kept being refused, so the cancel went as the cancelSplitSignal signal. */
  cancelBySignal: 'cancel update refused; cancelling by signal',
  /** A refund outlived REFUND_ANSWER_WAIT_MS: answered 409 refund_in_progress while it runs on. */
  refundStillRunning: 'refund still running after REFUND_ANSWER_WAIT_MS; answered refund_in_progress',
} as const;
