import { isIP } from 'node:net';
import { ConfigError } from './config-error';
import { DEV_TEMPORAL_PAYLOAD_KEYS, listsPublicPayloadKey } from './payload-keys';
import { encryptionKeyBytes } from './secrets';

/**
 * The secrets the system reads, each with the values anyone can read in this repository (the
 * development defaults and the processor emulator's keys). A process reachable from other hosts
 * or run in production must have every one set, to something else (docs/security.md, "Secrets").
 */
export const PUBLIC_SECRET_VALUES = {
  INTERNAL_SIGNING_SECRET: ['dev-only-internal-signing-secret'],
  ENCRYPTION_KEY: ['0'.repeat(64)],
  STRIPE_TEST_SECRET_KEY: ['sk_test_emulator'],
  STRIPE_LIVE_SECRET_KEY: ['sk_live_emulator'],
  STRIPE_TEST_WEBHOOK_SECRET: ['whsec_test_emulator'],
  STRIPE_LIVE_WEBHOOK_SECRET: ['whsec_live_emulator'],
  TEMPORAL_PAYLOAD_KEYS: [DEV_TEMPORAL_PAYLOAD_KEYS],
  TEMPORAL_CODEC_TOKEN: ['dev-only-temporal-codec-token'],
} as const satisfies Record<string, readonly string[]>;

export type SecretSetting = keyof typeof PUBLIC_SECRET_VALUES;

export type SecretProblem = { name: SecretSetting; why: string };

/** The settings the checks read: each secret's value as configured (config.ts checks that every name is a setting). */
export type SecretValues = { readonly [name in SecretSetting]: string };

/**
 * Every secret that is unset in `env` or holds a public value, with why, in the order of
 * PUBLIC_SECRET_VALUES; empty when all are private. Values are compared as the bytes the code uses
 * (`secretBytes`), so another spelling of a public key is as public as the one written here.
 */
export function publicSecrets(config: SecretValues, env: NodeJS.ProcessEnv): SecretProblem[] {
  const problems: SecretProblem[] = [];
  for (const name of Object.keys(PUBLIC_SECRET_VALUES) as SecretSetting[]) {
    if (!env[name]?.trim()) {
      problems.push({ name, why: 'must be set explicitly' });
      continue;
    }
    if (name === 'ENCRYPTION_KEY' && !readable(() => encryptionKeyBytes(config.ENCRYPTION_KEY))) {
      problems.push({ name, why: 'must be 32 bytes, as 64 hex characters or base64' });
    } else if (isPublicSecret(name, config[name])) {
      problems.push({ name, why: 'is a public development or emulator value; set a secret one' });
    }
  }
  return problems;
}

/** The first of `publicSecrets`, or null when all are private. */
export function publicSecret(config: SecretValues, env: NodeJS.ProcessEnv): SecretProblem | null {
  return publicSecrets(config, env)[0] ?? null;
}

function readable(decode: () => unknown): boolean {
  try {
    decode();
    return true;
  } catch {
    return false;
  }
}

/**
 * The bytes a secret's value stands for, as the code that uses it reads them: ENCRYPTION_KEY's 32 key
 * bytes (64 hex characters in either case, or base64 / base64url, padded or not); for the tokens and
 * HMAC keys (the signing secrets, the Stripe keys, the codec token) the UTF-8 of the value without
 * surrounding whitespace, which an HTTP header drops (the Stripe keys and the codec token travel as
 * `Authorization: Bearer …`) and `.env` files often add. Null when the value cannot be read.
 * TEMPORAL_PAYLOAD_KEYS is a list and is compared key by key (`listsPublicPayloadKey`).
 */
export function secretBytes(name: Exclude<SecretSetting, 'TEMPORAL_PAYLOAD_KEYS'>, value: string): Buffer | null {
  if (name === 'ENCRYPTION_KEY') {
    try {
      return encryptionKeyBytes(value.trim());
    } catch {
      return null;
    }
  }
  return Buffer.from(value.trim(), 'utf8');
}

/** Whether `value` is, as bytes, one of the values of `name` published in this repository. */
export function isPublicSecret(name: SecretSetting, value: string): boolean {
  if (name === 'TEMPORAL_PAYLOAD_KEYS') return listsPublicPayloadKey(value);
  const bytes = secretBytes(name, value);
  if (!bytes) return false;
  return (PUBLIC_SECRET_VALUES[name] as readonly string[]).some((known) => secretBytes(name, known)?.equals(bytes));
}

/** True for an address only this host can reach (127.0.0.0/8, ::1, `localhost`). */
export function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1' || host === '::ffff:127.0.0.1';
}

/**
 * Refuses to listen on an address other hosts can reach while a secret is unset or public: a
 * principal forged with the default signing secret was accepted on port 3001 when merchants
 * listened on every interface. The error names every such variable at once.
 */
export function assertSecretsForBinding(config: SecretValues, env: NodeJS.ProcessEnv, service: string, host: string) {
  if (isLoopback(host)) return;
  const found = publicSecrets(config, env);
  if (found.length > 0) {
    throw new ConfigError(
      `Invalid configuration: ${found.map(({ name, why }) => `${name}: ${why}`).join('; ')} (${service} listens on ${host}, reachable from other hosts)`,
    );
  }
}
