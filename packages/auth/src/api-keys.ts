import { randomBytes } from 'node:crypto';
import { sha256Hex } from '@groupsplit/core';

export type ApiKeyMode = 'test' | 'live';

/** Current key prefixes (docs/spec.md, Authentication rule 1). */
export const API_KEY_PREFIX: Record<ApiKeyMode, string> = { live: 'svc_prod_', test: 'svc_test_' };

/**
 * Every key generation the service accepts, newest first. The older ones are never
 * issued any more but keep working, in the mode their prefix says.
 */
const KEY_GENERATIONS: { pattern: RegExp; mode: ApiKeyMode; generation: string }[] = [
  { pattern: /^svc_prod_[A-Za-z0-9]{32,128}$/, mode: 'live', generation: 'current' },
  { pattern: /^svc_test_[A-Za-z0-9]{32,128}$/, mode: 'test', generation: 'current' },
  { pattern: /^svc_sk_live_[A-Za-z0-9_]{16,128}$/, mode: 'live', generation: 'sk_live' },
  { pattern: /^svc_sk_test_[A-Za-z0-9_]{16,128}$/, mode: 'test', generation: 'sk_test' },
  // Made before the 27 September 2026 cut-over: svc_sk_ then hex, always live.
  { pattern: /^svc_sk_[0-9a-fA-F]{16,128}$/, mode: 'live', generation: 'sk_hex' },
];

/** Mode a key's shape implies, or null when it is no key the service ever issued. */
export function apiKeyShape(key: string): { mode: ApiKeyMode; generation: string } | null {
  const match = KEY_GENERATIONS.find(({ pattern }) => pattern.test(key));
  return match ? { mode: match.mode, generation: match.generation } : null;
}

/** A new key: the prefix for its mode and 256 random bits as 64 hex characters. */
export function generateApiKey(mode: ApiKeyMode): string {
  return `${API_KEY_PREFIX[mode]}${randomBytes(32).toString('hex')}`;
}

/** What is stored for a key: never the key itself. */
export function apiKeyRecordFields(key: string) {
  return { key_hash: sha256Hex(key), last_four: key.slice(-4) };
}
