import { InterceptingCall, type Interceptor, Metadata, status } from '@grpc/grpc-js';
import { defaultGrpcRetryOptions, type GrpcRetryOptions, makeGrpcRetryInterceptor } from '@temporalio/client';

const CLOSED_CHANNEL = /Channel has been shut down/;

/** The next call an interceptor wraps (grpc-js does not export its interface by name). */
type NextCallInterface = ConstructorParameters<typeof InterceptingCall>[0];

/**
 * A call that ends at once with CANCELLED: what a call or a retry gets instead of an exception once the connection is closed.
 * The SDK's retry interceptor schedules each retry on a timer; when the connection is closed during that back-off,
 * creating the next call throws from inside the timer, an uncaught exception that fails whatever runs next in the
 * process (a Jest worker's next test file, a service shutting down). CANCELLED is not retryable, so the caller's
 * promise rejects instead.
 */
function cancelledCall(): NextCallInterface {
  return {
    cancelWithStatus: () => undefined,
    getPeer: () => 'closed',
    start(_metadata, listener) {
      setImmediate(() => {
        // An empty answer first: the SDK's retry interceptor passes on the last message it saw before
        // the status, and on a first attempt (the connection closed before the call) it has seen none.
        listener?.onReceiveMessage?.(undefined);
        listener?.onReceiveStatus?.({
          code: status.CANCELLED,
          details: 'Temporal connection closed',
          metadata: new Metadata(),
        });
      });
    },
    sendMessageWithContext: () => undefined,
    sendMessage: () => undefined,
    startRead: () => undefined,
    halfClose: () => undefined,
    getAuthContext: () => null,
  };
}

/** Turns "the channel is closed" into a CANCELLED answer; sits after the retry interceptor. */
const closedChannelGuard: Interceptor = (options, nextCall) => {
  try {
    return new InterceptingCall(nextCall(options));
  } catch (error) {
    if (error instanceof Error && CLOSED_CHANNEL.test(error.message)) return new InterceptingCall(cancelledCall());
    throw error;
  }
};

/** The SDK's default retries, followed by the closed-channel guard: the interceptors of every client connection. */
export function temporalConnectionInterceptors(
  retryOptions: GrpcRetryOptions = defaultGrpcRetryOptions(),
): Interceptor[] {
  return [makeGrpcRetryInterceptor(retryOptions), closedChannelGuard];
}
