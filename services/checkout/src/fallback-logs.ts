/**
 * The log messages of checkout's answers after a fault: Temporal refusing updates, a slow refund,
 * a checkout process that died mid-request (docs/hosted-checkout.md; docs/refunds.md). One warning
 * line each; the chaos run counts them.
 */
export const FALLBACK_LOGS = {
  /** Updates kept being refused, so the cancel went as the cancelSplitSignal signal. */
  cancelBySignal: 'cancel update refused; cancelling by signal',
  /** The cancel's signal could not reach Temporal before the answer bound: answered as not confirmed (503 for an API key). */
  cancelSignalNotSent: 'cancel signal not taken before the answer bound; cancel not confirmed',
  /** Updates kept being refused, and the accept has no signal to go as: answered 503 service_unavailable. */
  acceptNotTaken: 'accept update refused; answered service_unavailable',
  /** A refund outlived REFUND_ANSWER_WAIT_MS: answered 409 refund_in_progress while it runs on. */
  refundStillRunning: 'refund still running after REFUND_ANSWER_WAIT_MS; answered refund_in_progress',
  /** A hosted session's claim left by a request that died was taken up by the buyer's next try. */
  claimTakenUp: 'taking up a claim whose request died',
} as const;
