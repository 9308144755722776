import type { Duration } from '@temporalio/common';
import { proxyActivities, proxyLocalActivities, type RetryPolicy } from '@temporalio/workflow';
import { WORKER_ALIVE_TIMEOUT } from '../liveness';
import type { SplitActivities } from './activity-types';

/**
 * Retry policies, one per kind of step. Processor failures reach the workflow as
 * ApplicationFailures: a decline, a lapsed hold or a bad request is thrown non-retryable by
 * the activity; 5xx, rate limits and timeouts are retried here with backoff first.
 */

/** Transient trouble is retried with the wait doubling from `initialInterval` up to `maximumInterval`. */
const doublingRetry = (initialInterval: Duration, maximumInterval: Duration, maximumAttempts: number): RetryPolicy => ({
  initialInterval,
  backoffCoefficient: 2,
  maximumInterval,
  maximumAttempts,
});

/**
 * The creator's request waits on holds, so transient trouble gets a short, quick retry: five tries
 * within about 5 s. With three, a processor failing one call in ten fails one hold in a thousand
 * (0.1³) for good, and with it the whole split's creation, though a later try would have placed it.
 */
export const HOLD_RETRY = doublingRetry('300 milliseconds', '3 seconds', 5);

/**
 * A capture that keeps failing transiently leaves the split waiting for support after four tries in
 * all: the local try, then three retries (captureBatchRetryActivities).
 */
export const CAPTURE_ATTEMPTS = 4;
export const CAPTURE_RETRY = doublingRetry('1 second', '30 seconds', CAPTURE_ATTEMPTS - 1);

/** Releasing a hold is best-effort: a few tries, then recorded and skipped (the hold lapses). */
export const RELEASE_ATTEMPTS = 3;
export const RELEASE_RETRY = doublingRetry('500 milliseconds', '5 seconds', RELEASE_ATTEMPTS);

/**
 * The spec: after a capture breaks, each rollback is attempted once; failures recorded and skipped.
 * Once means one processor operation under one idempotency key, and a failure is the processor's
 * answer (a refusal, a 5xx): recorded at once and never asked again. What is retried is an attempt
 * with no answer, so nobody knows yet whether the money moved: its worker was lost (the heartbeat
 * timeout), the call timed out or lost its connection, or its own history write failed. Run
 * again under the same key, it finishes that one operation (the processor replays what it did); on
 * the last attempt an answer still missing is recorded as the failure. With a single attempt, a worker
 * lost mid-rollback kept a captured share with nothing recorded, and a refund whose answer timed out
 * was recorded failed though the processor made it (chaos runs 20 and 21).
 */
export const ROLLBACK_ATTEMPTS = 10;
export const ROLLBACK_RETRY = doublingRetry('1 second', '30 seconds', ROLLBACK_ATTEMPTS);

/**
 * A replacement's hold and projection write: the caller's request waits on it, so a few quick
 * retries (the processor and the write are both idempotent), then the replace is refused.
 */
export const REPLACE_RETRY = doublingRetry('500 milliseconds', '5 seconds', 5);

/** A courtesy e-mail the pending loop waits on (the seats' reminder): a few quick tries, then on without it. */
export const COURTESY_RETRY: RetryPolicy = { initialInterval: '1 second', backoffCoefficient: 2, maximumAttempts: 3 };

/** Projection writes and checks: Postgres trouble is waited out, but not forever (support can step in). */
export const PROJECTION_RETRY = doublingRetry('1 second', '1 minute', 30);

const PROCESSOR_CALL_SECONDS = 45;
const PROJECTION_SECONDS = 20;
const PROCESSOR_CALL_TIMEOUT: Duration = `${PROCESSOR_CALL_SECONDS} seconds`;
const PROJECTION_TIMEOUT: Duration = `${PROJECTION_SECONDS} seconds`;
/** The open seats' reminder: the reminder rules' reads and the e-mail's row. */
const REMINDER_TIMEOUT: Duration = '20 seconds';

/** A projection write or read: Postgres trouble waited out with PROJECTION_RETRY. */
const PROJECTION_STEP = { startToCloseTimeout: PROJECTION_TIMEOUT, retry: PROJECTION_RETRY };

/**
 * Regular (not local) activities: the server schedules each one, counts its attempts and sees a lost
 * worker by its heartbeat (WORKER_ALIVE_TIMEOUT).
 */
const regularActivities = <K extends keyof SplitActivities>(startToCloseTimeout: Duration, retry: RetryPolicy) =>
  proxyActivities<Pick<SplitActivities, K>>({ startToCloseTimeout, heartbeatTimeout: WORKER_ALIVE_TIMEOUT, retry });

/**
 * The split's short sequential steps (open the split, place a hold, record the last authorisation,
 * capture, release, write a status) run as local activities: in the worker, inside the workflow task
 * that reaches them, so consecutive steps follow each other with no round trip to the Temporal
 * server to schedule each one and another to report it (docs/splits.md, "Local steps"). A worker
 * that dies mid-step has the step run again once the workflow task times out (10 s), and the
 * processor's idempotency key still makes it one charge.
 */

/** Opening the split and its status writes. */
export const stepProjectionActivities =
  proxyLocalActivities<Pick<SplitActivities, 'openSplit' | 'transitionSplit'>>(PROJECTION_STEP);

export const holdActivities = proxyLocalActivities<Pick<SplitActivities, 'placeHold'>>({
  startToCloseTimeout: PROCESSOR_CALL_TIMEOUT,
  retry: HOLD_RETRY,
});

export const releaseActivities = proxyLocalActivities<Pick<SplitActivities, 'releaseShare'>>({
  startToCloseTimeout: PROCESSOR_CALL_TIMEOUT,
  retry: RELEASE_RETRY,
});

/**
 * The authorisation that completes the set is recorded as a local step, so the capture batch that
 * follows starts in the same workflow task (docs/splits.md, "Capture batch").
 */
export const lastAuthorisationActivities =
  proxyLocalActivities<Pick<SplitActivities, 'recordAuthorisation'>>(PROJECTION_STEP);

/** Each share gets a processor call's time, and the batch its projection writes' besides. */
const captureBatchTimeout = (shares: number): Duration =>
  `${PROJECTION_SECONDS + PROCESSOR_CALL_SECONDS * Math.max(1, shares)} seconds`;

/**
 * The capture batch (docs/splits.md, "Capture batch"): from `capturing` to `captured` in one local
 * step, so no workflow activation comes between two captures. Captures stay one at a time, in order,
 * each with its own idempotency key; the step resumes from the projection when it runs again.
 * Tried once as a local step: that is the fast path, and nearly every batch ends there.
 */
export const captureBatchActivities = (shares: number) =>
  proxyLocalActivities<Pick<SplitActivities, 'captureBatch'>>({
    startToCloseTimeout: captureBatchTimeout(shares),
    retry: { maximumAttempts: 1 },
  });

/**
 * The same batch retried as a regular activity (CAPTURE_RETRY), resuming from the projection. The
 * server counts a regular activity's attempts, so a worker lost mid-retry costs one attempt. Retried
 * as a local step, the whole series started again from the first try with every lost workflow task:
 * with a worker restarted every 10 s, a batch whose write kept failing took 6 to 12 minutes to reach
 * support instead of seconds (chaos runs 21 and 23).
 */
export const captureBatchRetryActivities = (shares: number) =>
  regularActivities<'captureBatch'>(captureBatchTimeout(shares), CAPTURE_RETRY);

/** Where a batch that failed left off, and what compensation refunds: read from the projection. */
export const captureProgressActivities = proxyLocalActivities<Pick<SplitActivities, 'capturedShares'>>(PROJECTION_STEP);

// Steps that answer something from outside (an authorisation signal, a replace request, support)
// stay regular activities: each is one step on its own, so there is no chain to shorten.
//
// So does the capture saga's compensation. A local activity whose workflow task is lost (a worker
// crash, or a task the server refuses because a signal came in as the workflow completed) runs
// again from the last completed task, so every local step must be safe to repeat after the steps
// that followed it: a status write finds its history row and does nothing, a capture finds the
// share captured, a release finds no hold. A capture repeated after its share was refunded by the
// rollback would not be: as regular activities, the rollbacks start a new workflow task, and
// nothing before them can run again once one is scheduled.

export const rollbackActivities = regularActivities<'rollbackCapturedShare' | 'releaseShare'>(
  PROCESSOR_CALL_TIMEOUT,
  ROLLBACK_RETRY,
);

export const replaceActivities = regularActivities<'replaceParticipant'>(PROCESSOR_CALL_TIMEOUT, REPLACE_RETRY);

/** A seat claim (seats.ts): the new participant's hold and its rows, retried like a replacement's. */
export const claimActivities = regularActivities<'claimSeat'>(PROCESSOR_CALL_TIMEOUT, REPLACE_RETRY);

/** The open seats' reminder to the buyer (seats.ts): a courtesy, so a few quick tries. */
export const seatReminderActivities = regularActivities<'remindOpenSeats'>(REMINDER_TIMEOUT, COURTESY_RETRY);

/** Releasing a replaced hold is best-effort like any release: the hold lapses if it cannot be released. */
export const replacedHoldActivities = regularActivities<'releaseReplacedHold'>(PROCESSOR_CALL_TIMEOUT, RELEASE_RETRY);

export const projectionActivities = regularActivities<'recordAuthorisation' | 'recordSplitHistory'>(
  PROJECTION_TIMEOUT,
  PROJECTION_RETRY,
);

/**
 * The merchant accept step's projection writes (merchant-accept.ts): local steps like the status writes,
 * each safe to run again after the steps that followed it.
 */
export const merchantAcceptActivities =
  proxyLocalActivities<Pick<SplitActivities, 'markAwaitingMerchant' | 'recordMerchantAccept'>>(PROJECTION_STEP);

/** Support's audit trail (support.ts): written by the workflow itself, whatever sent the action. */
export const supportActivities = regularActivities<'recordSupportAction'>(PROJECTION_TIMEOUT, PROJECTION_RETRY);
