import { randomUUID } from 'node:crypto';
import { type Logger, withLogContext } from '@groupsplit/core';
import type { Context, Next } from 'koa';
import { loggablePath } from './loggable-path';

export const REQUEST_ID_HEADER = 'x-request-id';
/** A caller's request id is adopted only when it looks like one; it is echoed and written to every line. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * First middleware of every app: adopts the caller's request id (or makes one), echoes it,
 * tags every log line of the request with it (ctx.log and the async log context), and logs
 * one `request` line when the request is done.
 */
export function requestLogger(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    // When this process first saw the request (gateway-receipt.ts counts answer bounds from it).
    ctx.state.receivedAt = Date.now();
    const offered = ctx.get(REQUEST_ID_HEADER);
    const requestId = REQUEST_ID.test(offered) ? offered : randomUUID();
    ctx.set(REQUEST_ID_HEADER, requestId);
    ctx.state.requestId = requestId;
    ctx.log = logger.child({ requestId });
    const started = performance.now();
    await withLogContext({ requestId }, next);
    // The line's fields (a redacted path among them) are built only when the line is written.
    if (!ctx.log.isLevelEnabled('info')) return;
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
