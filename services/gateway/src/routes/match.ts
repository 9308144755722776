import type { RouteRule } from './types';

type CompiledRule = { rule: RouteRule; segments: string[] };

/** Each table's patterns split once: matching runs on every request, twice (metrics label, then routing). */
const compiledTables = new WeakMap<readonly RouteRule[], CompiledRule[]>();

function compiled(rules: readonly RouteRule[]): CompiledRule[] {
  let table = compiledTables.get(rules);
  if (!table) {
    table = rules.map((rule) => ({ rule, segments: rule.path.split('/').filter(Boolean) }));
    compiledTables.set(rules, table);
  }
  return table;
}

type Match = 'none' | 'folded' | 'exact';

/** How a path's segments match a pattern: exactly, only once letter case is ignored, or not at all. */
function segmentsMatch(pattern: string[], actual: string[]): Match {
  let match: Match = 'exact';
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] as string;
    if (p === '**') return match;
    const a = actual[i];
    if (a === undefined) return 'none';
    if (p.charCodeAt(0) === 58 /* ':' */ || p === a) continue;
    if (p.toLowerCase() !== a.toLowerCase()) return 'none';
    match = 'folded';
  }
  return pattern.length === actual.length ? match : 'none';
}

/** Percent-escapes of characters that never need one (RFC 3986 unreserved), and of `/`, `\` and `.`. */
const NEEDLESS_ESCAPE = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[def]|5[cf]|7e)/i;

/**
 * The path's segments when it is spelled the one way a route is written, else undefined: no
 * empty segment (`//`, a trailing slash), no dot segment, no escape a client never needs
 * (`%2F`, `%2e`, `%61` for `a`). Every other spelling would reach a service as a different
 * string than the one the table matched (docs/security.md, "Canonical routes").
 */
export function canonicalSegments(path: string): string[] | undefined {
  if (path.charCodeAt(0) !== 47 /* '/' */ || NEEDLESS_ESCAPE.test(path)) return undefined;
  const segments = path.slice(1).split('/');
  for (const segment of segments) if (segment === '' || segment === '.' || segment === '..') return undefined;
  return segments;
}

/**
 * The method a request is matched as: HEAD is GET without the body (the services' routers run the
 * GET handler for it), so it is governed by the GET rule, with the same auth, bucket and size cap;
 * matched only to rules written for HEAD, it would fall to a catch-all with no bucket.
 */
export const ruleMethod = (method: string) => (method === 'HEAD' ? 'GET' : method);

/**
 * First rule whose method and path match; rules are ordered most specific first. A path that is
 * not canonical matches nothing, and neither does one that matches a rule only in another letter
 * case (`/api/auth/email/START`): read exactly it would fall to a catch-all with no bucket, while
 * a case-blind service router would run the specific route. HEAD matches as GET (`ruleMethod`).
 */
export function matchRoute(rules: readonly RouteRule[], method: string, path: string): RouteRule | undefined {
  const actual = canonicalSegments(path);
  if (!actual) return undefined;
  const wanted = ruleMethod(method);
  for (const { rule, segments } of compiled(rules)) {
    const match = segmentsMatch(segments, actual);
    // Whatever the method: `GET /api/merchants/API-KEYS` is no spelling of the catch-all's routes either.
    if (match === 'folded') return undefined;
    if (match === 'exact' && (rule.method === '*' || rule.method === wanted)) return rule;
  }
  return undefined;
}
