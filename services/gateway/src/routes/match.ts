import type { RouteRule } from './types';

function segmentsMatch(pattern: string[], actual: string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if (p === '**') return true;
    const a = actual[i];
    if (a === undefined) return false;
    if (p?.startsWith(':')) continue;
    if (p !== a) return false;
  }
  return pattern.length === actual.length;
}

/** First rule whose method and path match; rules are ordered most specific first. */
export function matchRoute(rules: readonly RouteRule[], method: string, path: string): RouteRule | undefined {
  const actual = path.split('/').filter(Boolean);
  return rules.find(
    (rule) =>
      (rule.method === '*' || rule.method === method) && segmentsMatch(rule.path.split('/').filter(Boolean), actual),
  );
}
