import { ActivityFailure, ApplicationFailure } from '@temporalio/workflow';

/** The processor's own message for a failed activity (what the spec passes to the caller). */
export function failureMessage(error: unknown): string {
  if (error instanceof ActivityFailure && error.cause) return error.cause.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * A failure the activity marked final (a decline, a lapsed hold): retrying cannot help. A regular
 * activity's failure arrives as an ActivityFailure whose cause is the activity's own
 * ApplicationFailure; a local activity's arrives as that ApplicationFailure itself.
 */
export function isNonRetryable(error: unknown): boolean {
  const failure = error instanceof ActivityFailure ? error.cause : error;
  return failure instanceof ApplicationFailure && failure.nonRetryable === true;
}

/** ApplicationFailure type of a cover that would leave the organiser every share (cover.ts); checkout answers 409. */
export const COVER_WOULD_LEAVE_SINGLE_PAYER = 'cover_would_leave_single_payer';

/** A cover refused because the organiser would be paying for everyone: the spec's single payer pays no fees. */
export const wouldLeaveSinglePayer = () =>
  ApplicationFailure.create({
    type: COVER_WOULD_LEAVE_SINGLE_PAYER,
    message: 'Covering this share would leave the organiser paying for everyone',
    nonRetryable: true,
  });
