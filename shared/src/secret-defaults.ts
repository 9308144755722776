import { isIP } from 'node:net';
import { type Config, ConfigError } from './config';
import { encryptionKeyBytes } from './secrets';
import { DEV_TEMPORAL_PAYLOAD_KEYS, listsPublicPayloadKey } from './temporal/payload-keys';

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
} as const satisfies Partial<Record<keyof Config, readonly string[]>>;

export type SecretSetting = keyof typeof PUBLIC_SECRET_VALUES;

/** The first secret that is unset in `env` or holds a public value, with why; null when all are private. */
export function publicSecret(config: Config, env: NodeJS.ProcessEnv): { name: SecretSetting; why: string } | null {
  for (const name of Object.keys(PUBLIC_SECRET_VALUES) as SecretSetting[]) {
    if (!env[name]) return { name, why: 'must be set explicitly' };
    const value = config[name];
    const isPublic =
      name === 'TEMPORAL_PAYLOAD_KEYS'
        ? listsPublicPayloadKey(value)
        : name === 'ENCRYPTION_KEY'
          ? isPublicEncryptionKey(value)
          : (PUBLIC_SECRET_VALUES[name] as readonly string[]).includes(value);
    if (isPublic) {
      return { name, why: 'is a public development or emulator value; set a secret one' };
    }
  }
  return null;
}

/**
 * Whether ENCRYPTION_KEY is a public key in any spelling: the key is its bytes, so the published all-zero key
 * written in base64 (or upper-case hex) is as public as the 64 zeros in this file. Unreadable keys are left to
 * the encryption code, which refuses them.
 */
function isPublicEncryptionKey(value: string): boolean {
  let bytes: Buffer;
  try {
    bytes = encryptionKeyBytes(value);
  } catch {
    return false;
  }
  return PUBLIC_SECRET_VALUES.ENCRYPTION_KEY.some((known) => encryptionKeyBytes(known).equals(bytes));
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
 * listened on every interface. The error names the variable.
 */
export function assertSecretsForBinding(config: Config, env: NodeJS.ProcessEnv, service: string, host: string) {
  if (isLoopback(host)) return;
  const found = publicSecret(config, env);
  if (found) {
    throw new ConfigError(
      `Invalid configuration: ${found.name}: ${found.why} (${service} listens on ${host}, reachable from other hosts)`,
    );
  }
}
