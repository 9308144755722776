/**
 * Stripe's request encoding: application/x-www-form-urlencoded with bracketed keys for nesting
 * (`metadata[split_id]=x`, `expand[0]=latest_charge`, `expand[]=latest_charge`). Objects whose keys
 * are all indices become arrays. Values stay strings; handlers coerce them.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormParams = { [key: string]: FormValue };

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

function splitKey(key: string): string[] | null {
  const first = key.indexOf('[');
  if (first === -1) return [key];
  const segments = [key.slice(0, first)];
  const rest = key.slice(first);
  const re = /\[([^\]]*)\]/g;
  let consumed = 0;
  for (let match = re.exec(rest); match; match = re.exec(rest)) {
    if (match.index !== consumed) return null;
    segments.push(match[1] ?? '');
    consumed = match.index + match[0].length;
  }
  return consumed === rest.length ? segments : null;
}

type Node = { [key: string]: Node | string };

function toValue(node: Node | string): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => toValue(node[String(k)]!));
  }
  const out: { [key: string]: FormValue } = {};
  for (const k of keys) out[k] = toValue(node[k]!);
  return out;
}

export function parseForm(text: string): FormParams {
  const root: Node = {};
  const counters = new WeakMap<Node, number>();
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const segments = splitKey(rawKey);
    if (!segments || segments.some((s) => FORBIDDEN.has(s))) continue;
    let node = root;
    for (let i = 0; i < segments.length; i++) {
      let segment = segments[i]!;
      if (segment === '') {
        const next = counters.get(node) ?? Object.keys(node).length;
        counters.set(node, next + 1);
        segment = String(next);
      }
      if (i === segments.length - 1) {
        node[segment] = value;
      } else {
        const child = node[segment];
        if (typeof child !== 'object') node[segment] = {};
        node = node[segment] as Node;
      }
    }
  }
  return toValue(root) as FormParams;
}
