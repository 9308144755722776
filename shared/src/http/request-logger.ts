import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import { type Logger, withLogContext } from '../logger';
import { loggablePath } from './loggable-path';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * First middleware of every app: adopts the caller's request id (or makes one), echoes it,
 * tags every log line of the request with it (ctx.log and the async log context), and logs
 * one `request` line when the request is done.
 */
export function requestLogger(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    const requestId = ctx.get(REQUEST_ID_HEADER) || randomUUID();
    ctx.set(REQUEST_ID_HEADER, requestId);
    ctx.state.requestId = requestId;
    ctx.log = logger.child({ requestId });
    const started = performance.now();
    await withLogContext({ requestId }, next);
    ctx.log.info(
      {
        method: ctx.method,
        path: loggablePath(ctx.path),
        status: ctx.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  };
}
