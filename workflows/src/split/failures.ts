import { ActivityFailure, ApplicationFailure } from '@temporalio/workflow';

/** The processor's own message for a failed activity (what the spec passes to the caller). */
export function failureMessage(error: unknown): string {
  if (error instanceof ActivityFailure && error.cause) return error.cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** A failure the activity marked final (a decline, a lapsed hold): retrying cannot help. */
export function isNonRetryable(error: unknown): boolean {
  return (
    error instanceof ActivityFailure && error.cause instanceof ApplicationFailure && error.cause.nonRetryable === true
  );
}
