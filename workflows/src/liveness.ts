import type { Duration, RetryPolicy } from '@temporalio/common';

/**
 * The heartbeat timeout of the regular activities that move money or answer a waiting caller
 * (the split's compensation, replace and projection steps; the refund child's steps; the session
 * reminders and expiry) or that a Schedule skips later runs for while they run (the webhook and
 * e-mail sweeps). The worker
 * heartbeats every regular activity while it runs (services/worker/src/alive-heartbeat.ts), so
 * this only fires when the worker running it is gone: the activity is then tried again on another
 * worker after this long rather than after its start-to-close timeout. Every such activity is
 * idempotent by its stable keys, so a worker too stalled to heartbeat for this long (not just dead)
 * costs a duplicate attempt, never a duplicate effect.
 */
export const WORKER_ALIVE_TIMEOUT: Duration = '10 seconds';

/**
 * The every-minute sweeps' activity retries (the webhook outbox and the e-mail first attempts). A sweep
 * is safe to repeat, and an attempt is lost whenever its worker dies: with three attempts, a worker
 * restarted every 10 s (the chaos run) failed a few sweeps a run, each one a failed workflow for an
 * operator to look at though the next sweep drained the outbox. Ten quick tries outlast that and stay
 * well inside the minute the Schedule skips meanwhile (overlap SKIP).
 */
export const SWEEP_RETRY: RetryPolicy = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '10 seconds',
  maximumAttempts: 10,
};
