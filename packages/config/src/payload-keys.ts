import { ConfigError } from './config-error';

/**
 * The keys Temporal payloads are encrypted with (docs/runbook.md, "Temporal payload keys").
 * `TEMPORAL_PAYLOAD_KEYS` lists every key that may still be needed to read a history, as
 * `<id>:<32-byte key as base64 or 64 hex characters>` separated by commas; new payloads are
 * encrypted with `TEMPORAL_PAYLOAD_KEY_ID`, by default the last key listed. Rotation adds a key
 * and later switches the current id; an old key stays listed while an open history needs it.
 */
export type PayloadKeyring = {
  /** The key id new payloads are encrypted with. */
  currentKeyId: string;
  /** Every listed key, by id: any of them decrypts. */
  keys: ReadonlyMap<string, Buffer>;
};

/** The development and test keyring's value, public in this repository (secret-defaults.ts). */
export const DEV_TEMPORAL_PAYLOAD_KEYS = `dev:${Buffer.alloc(32, 7).toString('base64')}`;

const KEY_ID = /^[A-Za-z0-9._-]{1,64}$/;

function keyBytes(text: string): Buffer | null {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  return key.length === 32 ? key : null;
}

/** The keyring, or why the settings are wrong (naming the variable). */
export function parsePayloadKeys(
  listed: string,
  currentKeyId: string | undefined,
): { keyring: PayloadKeyring } | { problem: string } {
  const keys = new Map<string, Buffer>();
  for (const entry of listed.split(',').map((part) => part.trim())) {
    const colon = entry.indexOf(':');
    const id = entry.slice(0, colon);
    if (colon < 0 || !KEY_ID.test(id)) {
      return { problem: 'TEMPORAL_PAYLOAD_KEYS: each entry is <id>:<key>, the id of letters, digits, . _ -' };
    }
    const key = keyBytes(entry.slice(colon + 1));
    if (!key) return { problem: `TEMPORAL_PAYLOAD_KEYS: key ${id} must be 32 bytes, as base64 or 64 hex characters` };
    if (keys.has(id)) return { problem: `TEMPORAL_PAYLOAD_KEYS: key id ${id} is listed twice` };
    keys.set(id, key);
  }
  const current = currentKeyId ?? [...keys.keys()].at(-1)!;
  if (!keys.has(current)) {
    return { problem: `TEMPORAL_PAYLOAD_KEY_ID: ${current} is not one of the ids in TEMPORAL_PAYLOAD_KEYS` };
  }
  return { keyring: { currentKeyId: current, keys } };
}

/**
 * True when any key listed is the public development key, under whatever id: a history encrypted
 * with it is readable by anyone with this repository.
 */
export function listsPublicPayloadKey(listed: string): boolean {
  const publicKey = keyBytes(DEV_TEMPORAL_PAYLOAD_KEYS.slice(DEV_TEMPORAL_PAYLOAD_KEYS.indexOf(':') + 1))!;
  return listed.split(',').some((entry) => {
    const key = keyBytes(entry.slice(entry.indexOf(':') + 1).trim());
    return key?.equals(publicKey) ?? false;
  });
}

/** The keyring of a loaded configuration (loadConfig already refused a malformed one). */
export function payloadKeyring(config: { TEMPORAL_PAYLOAD_KEYS: string; TEMPORAL_PAYLOAD_KEY_ID?: string }) {
  const parsed = parsePayloadKeys(config.TEMPORAL_PAYLOAD_KEYS, config.TEMPORAL_PAYLOAD_KEY_ID);
  if ('problem' in parsed) throw new ConfigError(`Invalid configuration: ${parsed.problem}`);
  return parsed.keyring;
}
