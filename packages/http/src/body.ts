import { badRequest, payloadTooLarge } from '@groupsplit/core';
import type { Context, Next } from 'koa';
import { refuseNulCharacter } from './malformed-input';

declare module 'koa' {
  interface Request {
    /** Exact bytes received; signature checks (processor webhooks) need them untouched. */
    rawBody?: Buffer;
    body?: unknown;
  }
}

/** The request's bytes, refused with 413 as soon as they pass `limit` (a body is never read whole first). */
export async function readBodyWithin(ctx: Context, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw payloadTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Parses JSON (and form-encoded) bodies, keeping the raw bytes alongside. */
export function bodyParser(limit = 1024 * 1024) {
  return async (ctx: Context, next: Next) => {
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method)) return next();
    const raw = await readBodyWithin(ctx, limit);
    ctx.request.rawBody = raw;
    const type = ctx.request.type;
    if (raw.length === 0) {
      ctx.request.body = {};
    } else if (type === 'application/x-www-form-urlencoded') {
      ctx.request.body = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
    } else if (type === 'application/json' || type === '' || type.endsWith('+json')) {
      try {
        ctx.request.body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw badRequest('Request body is not valid JSON', 'invalid_json');
      }
    } else {
      ctx.request.body = {};
    }
    refuseNulCharacter(ctx.request.body, 'body');
    return next();
  };
}
