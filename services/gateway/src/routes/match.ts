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

function segmentsMatch(pattern: string[], actual: string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] as string;
    if (p === '**') return true;
    const a = actual[i];
    if (a === undefined) return false;
    if (p.charCodeAt(0) === 58 /* ':' */) continue;
    if (p !== a) return false;
  }
  return pattern.length === actual.length;
}

/** First rule whose method and path match; rules are ordered most specific first. */
export function matchRoute(rules: readonly RouteRule[], method: string, path: string): RouteRule | undefined {
  const actual = path.split('/').filter(Boolean);
  for (const { rule, segments } of compiled(rules)) {
    if ((rule.method === '*' || rule.method === method) && segmentsMatch(segments, actual)) return rule;
  }
  return undefined;
}
