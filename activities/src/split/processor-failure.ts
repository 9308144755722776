import type { ProcessorError } from '@groupsplit/shared';
import { ApplicationFailure } from '@temporalio/activity';

export const PROCESSOR_FAILURE_TYPE = 'ProcessorError';

/**
 * A processor failure as Temporal sees it: the message stays the processor's own (the spec
 * passes it to the caller), and only transient kinds (5xx, rate limits, timeouts) are retried.
 */
export function processorFailure(error: ProcessorError): ApplicationFailure {
  return ApplicationFailure.create({
    message: error.message,
    type: PROCESSOR_FAILURE_TYPE,
    nonRetryable: !error.retryable,
    details: [error.toJSON()],
  });
}
