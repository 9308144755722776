import type { Duration } from '@temporalio/common';

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
