import type { Context, Next } from 'koa';
import { CHANGELOG } from './openapi/guide';

/** The response header naming the API's version (docs/api-reference.md, "Versions"). */
export const API_VERSION_HEADER = 'Groupsplit-Version';

/** The API's version: the OpenAPI document's `info.version`, the reference changelog's newest entry. */
export const API_VERSION = CHANGELOG[0]!.version;

/**
 * Every answer under `/api` (errors included) says which version of the API answered it, the same
 * `info.version` as `GET /api/openapi.json`, so a shop's logs show what it was talking to. Additive:
 * no request needs to send anything.
 */
export function apiVersionHeader() {
  return async (ctx: Context, next: Next) => {
    await next();
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) ctx.set(API_VERSION_HEADER, API_VERSION);
  };
}
