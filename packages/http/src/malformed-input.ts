import { MESSAGES, notFound, validationFailed } from '@groupsplit/core';
import type { Context, Next } from 'koa';

/** No route takes a path segment this long: ids and tokens are far shorter. */
export const MAX_PATH_SEGMENT_LENGTH = 512;

const isControl = (code: number) => code < 0x20 || code === 0x7f;

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return true;
  return false;
}

/**
 * Why a raw request path (as received, still percent-encoded) cannot name anything, or null.
 * Postgres refuses a NUL byte in text, so one reaching a query is a 500; invalid UTF-8 and
 * control characters never appear in our ids or tokens; a dot segment, a backslash, an
 * encoded separator or an empty segment would make the path mean another one once a URL
 * parser normalises it (the gateway must forward exactly the path it authorised).
 */
export function malformedPathReason(rawPath: string): string | null {
  const segments = rawPath.split('/');
  for (const [index, segment] of segments.entries()) {
    if (segment === '') {
      // The leading slash, and a trailing one, leave an empty first or last segment.
      if (index === 0 || index === segments.length - 1) continue;
      return 'empty segment';
    }
    if (segment.includes('\\')) return 'backslash';
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return 'invalid percent-encoding or UTF-8';
    }
    if (hasControlCharacter(decoded)) return 'control character';
    if (decoded === '.' || decoded === '..') return 'dot segment';
    if (decoded.includes('/') || decoded.includes('\\')) return 'encoded separator';
    if (decoded.length > MAX_PATH_SEGMENT_LENGTH) return 'over-long segment';
  }
  return null;
}

type Visit = { value: unknown; key: string | null; parent: Visit | null };

const pathOf = (visit: Visit): string => {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at?.key != null; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * Where a parsed body or query holds a NUL character (in a value or a key), or null. Walks
 * with a list rather than recursion, and names the path only once found: a body may nest
 * thousands of levels deep.
 */
export function nulCharacterAt(value: unknown): string | null {
  const pending: Visit[] = [{ value, key: null, parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    if (typeof visit.value === 'string') {
      if (visit.value.includes('\u0000')) return pathOf(visit) || '(body)';
    } else if (typeof visit.value === 'object' && visit.value !== null) {
      for (const [key, child] of Object.entries(visit.value)) {
        const entry = { value: child, key, parent: visit };
        if (key.includes('\u0000')) return pathOf(entry);
        pending.push(entry);
      }
    }
  }
  return null;
}

/** A 400 for input Postgres could never store: text with a NUL character. */
export function refuseNulCharacter(value: unknown, part: 'body' | 'query') {
  const found = nulCharacterAt(value);
  if (!found) return;
  const field = found.length > 200 ? `${found.slice(0, 200)}…` : found;
  throw validationFailed(MESSAGES.validationFailed, [
    { field: part === 'query' ? `query.${field}` : field, message: 'must not contain a NUL character' },
  ]);
}

/**
 * First check of every request the gateway and the services take: a path no route can take
 * is a 404, a query string with a NUL character a 400, before anything looks either up.
 */
export async function refuseMalformedRequest(ctx: Context, next: Next) {
  if (malformedPathReason(ctx.path)) throw notFound(MESSAGES.notFound);
  refuseNulCharacter(ctx.query, 'query');
  return next();
}
