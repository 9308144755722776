import { createServer } from 'node:net';
import { status } from '@grpc/grpc-js';
import { Connection, defaultGrpcRetryOptions } from '@temporalio/client';
import { temporalConnectionInterceptors } from './closed-channel';

/** A port nothing listens on: every call to it fails with UNAVAILABLE, which the SDK retries. */
async function unusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a Temporal connection closed while a call waits to retry', () => {
  it('rejects the call with CANCELLED instead of throwing from the retry timer', async () => {
    const defaults = defaultGrpcRetryOptions();
    let failedAttempts = 0;
    const connection = Connection.lazy({
      address: `127.0.0.1:${await unusedPort()}`,
      interceptors: temporalConnectionInterceptors({
        ...defaults,
        retryableDecider: (attempt, answer) => {
          failedAttempts++;
          return defaults.retryableDecider(attempt, answer);
        },
        // Long enough that the close below always lands inside the back-off.
        delayFunction: () => 500,
      }),
    });
    const call = connection.workflowService.getSystemInfo({});
    call.catch(() => undefined);
    while (failedAttempts === 0) await new Promise((resolve) => setImmediate(resolve));
    await connection.close();
    await expect(call).rejects.toMatchObject({ code: status.CANCELLED });
  });

  it('rejects a call made after the connection closed with CANCELLED, with nothing thrown later', async () => {
    const connection = Connection.lazy({
      address: `127.0.0.1:${await unusedPort()}`,
      interceptors: temporalConnectionInterceptors(),
    });
    await connection.close();
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      await expect(connection.workflowService.getSystemInfo({})).rejects.toMatchObject({ code: status.CANCELLED });
      // The answer is delivered on a later turn; let every queued turn run before looking.
      await new Promise((resolve) => setImmediate(resolve));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
