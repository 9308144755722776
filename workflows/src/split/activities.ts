import { proxyActivities, type RetryPolicy } from '@temporalio/workflow';
import type { SplitActivities } from './types';

/**
 * Retry policies, one per kind of step. Processor failures reach the workflow as
 * ApplicationFailures: a decline, a lapsed hold or a bad request is thrown non-retryable by
 * the activity; 5xx, rate limits and timeouts are retried here with backoff first.
 */

/** The creator's request waits on holds, so transient trouble gets a short, quick retry. */
export const HOLD_RETRY: RetryPolicy = {
  initialInterval: '300 milliseconds',
  backoffCoefficient: 2,
  maximumInterval: '3 seconds',
  maximumAttempts: 3,
};

/** A capture that keeps failing transiently leaves the split waiting for support after this. */
export const CAPTURE_RETRY: RetryPolicy = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '30 seconds',
  maximumAttempts: 4,
};

/** Releasing a hold is best-effort: a few tries, then recorded and skipped (the hold lapses). */
export const RELEASE_ATTEMPTS = 3;
export const RELEASE_RETRY: RetryPolicy = {
  initialInterval: '500 milliseconds',
  backoffCoefficient: 2,
  maximumInterval: '5 seconds',
  maximumAttempts: RELEASE_ATTEMPTS,
};

/** The spec: after a capture breaks, each rollback is attempted once; failures recorded and skipped. */
export const ROLLBACK_ATTEMPTS = 1;
export const ROLLBACK_RETRY: RetryPolicy = { maximumAttempts: ROLLBACK_ATTEMPTS };

/**
 * A replacement's hold and projection write: the caller's request waits on it, so a few quick
 * retries (the processor and the write are both idempotent), then the replace is refused.
 */
export const REPLACE_RETRY: RetryPolicy = {
  initialInterval: '500 milliseconds',
  backoffCoefficient: 2,
  maximumInterval: '5 seconds',
  maximumAttempts: 5,
};

/** Projection writes and checks: Postgres trouble is waited out, but not forever (support can step in). */
export const PROJECTION_RETRY: RetryPolicy = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumInterval: '1 minute',
  maximumAttempts: 30,
};

const PROCESSOR_CALL_TIMEOUT = '45 seconds';
const PROJECTION_TIMEOUT = '20 seconds';

export const holdActivities = proxyActivities<Pick<SplitActivities, 'placeHold'>>({
  startToCloseTimeout: PROCESSOR_CALL_TIMEOUT,
  retry: HOLD_RETRY,
});

export const captureActivities = proxyActivities<Pick<SplitActivities, 'captureShare'>>({
  startToCloseTimeout: PROCESSOR_CALL_TIMEOUT,
  retry: CAPTURE_RETRY,
});

export const releaseActivities = proxyActivities<Pick<SplitActivities, 'releaseShare'>>({
  startToCloseTimeout: PROCESSOR_CALL_TIMEOUT,
  retry: RELEASE_RETRY,
});

export const replaceActivities = proxyActivities<Pick<SplitActivities, 'replaceParticipant'>>({
  startToCloseTimeout: PROCESSOR_CALL_TIMEOUT,
  retry: REPLACE_RETRY,
});

/** Releasing a replaced hold is best-effort like any release: the hold lapses if it cannot be released. */
export const replacedHoldActivities = proxyActivities<Pick<SplitActivities, 'releaseReplacedHold'>>({
  startToCloseTimeout: PROCESSOR_CALL_TIMEOUT,
  retry: RELEASE_RETRY,
});

export const rollbackActivities = proxyActivities<Pick<SplitActivities, 'rollbackCapturedShare' | 'releaseShare'>>({
  startToCloseTimeout: PROCESSOR_CALL_TIMEOUT,
  retry: ROLLBACK_RETRY,
});

export const projectionActivities = proxyActivities<
  Pick<SplitActivities, 'openSplit' | 'recordAuthorisation' | 'transitionSplit' | 'recordSplitHistory'>
>({
  startToCloseTimeout: PROJECTION_TIMEOUT,
  retry: PROJECTION_RETRY,
});
