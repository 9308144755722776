import type { ScheduleAlreadyRunning, WorkflowUpdateFailedError } from '@temporalio/client';
import { temporalClientPackage } from './client';

/**
 * The Temporal errors the services tell apart, without loading `@temporalio/client` with this package
 * (client.ts says why). These three are `@temporalio/common`'s classes, the very ones the client
 * re-exports, and `@temporalio/common` loads neither gRPC nor the protobufs.
 */
export { ApplicationFailure, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/common';

// The client's own errors, checked against the client package loaded at the check: an error the client
// raised means it is loaded already, and anything else is still told apart exactly as `instanceof` would.

export function isWorkflowUpdateFailedError(error: unknown): error is WorkflowUpdateFailedError {
  return error instanceof temporalClientPackage().WorkflowUpdateFailedError;
}

export function isScheduleAlreadyRunning(error: unknown): error is ScheduleAlreadyRunning {
  return error instanceof temporalClientPackage().ScheduleAlreadyRunning;
}
