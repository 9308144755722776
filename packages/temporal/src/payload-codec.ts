import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import type { PayloadKeyring } from '@groupsplit/config';
import type { Payload, PayloadCodec } from '@temporalio/common';

/**
 * Temporal's protobufs (`@temporalio/proto`, one large generated module), loaded when the first payload
 * is encrypted or decrypted rather than with this package, which every service imports through
 * `@groupsplit/shared` (client.ts says why).
 */
let protos: typeof import('@temporalio/proto') | undefined;
function payloadMessage() {
  protos ??= require('@temporalio/proto') as typeof import('@temporalio/proto');
  return protos.temporal.api.common.v1.Payload;
}

/**
 * Encrypts every Temporal payload (workflow and activity inputs and results, signals, updates,
 * queries, memos) with AES-256-GCM before it leaves the process, so neither the Temporal UI nor
 * its database shows sign-in codes, pay tokens or e-mail addresses (docs/security.md, "Secrets").
 * Search attributes do not pass through codecs and stay readable.
 *
 * An encrypted payload is `{ metadata: { encoding: binary/encrypted, encryption-key-id: <id> },
 * data: nonce (12 random bytes) | ciphertext | tag (16 bytes) }`, the ciphertext being the whole
 * original payload, metadata included, as Temporal's protobuf. Decoding leaves a payload that is
 * not encrypted as it is: histories written before encryption, and plain JSON typed into the UI.
 */
export const ENCRYPTED_ENCODING = 'binary/encrypted';
export const KEY_ID_METADATA = 'encryption-key-id';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class PayloadDecryptionError extends Error {
  override name = 'PayloadDecryptionError';
}

export function isEncryptedPayload(payload: Payload): boolean {
  const encoding = payload.metadata?.encoding;
  return encoding !== undefined && encoding !== null && decoder.decode(encoding) === ENCRYPTED_ENCODING;
}

/**
 * Random nonces cut from one buffer of the CSPRNG's output, refilled every 1,024: each is as random
 * as its own `randomBytes(12)` would be, for one call into OpenSSL instead of one per payload (the
 * worker encrypts every activity input and result; the profiles in bench/history/2026-11.md showed the calls).
 */
class NoncePool {
  private pool = Buffer.alloc(0);
  private at = 0;

  next(): Buffer {
    if (this.at + NONCE_BYTES > this.pool.length) {
      this.pool = randomBytes(NONCE_BYTES * 1024);
      this.at = 0;
    }
    const nonce = this.pool.subarray(this.at, this.at + NONCE_BYTES);
    this.at += NONCE_BYTES;
    return nonce;
  }
}

export class AesGcmPayloadCodec implements PayloadCodec {
  /** The keys as key objects, made once: a raw key given to createCipheriv is imported again on every call. */
  private readonly keys: ReadonlyMap<string, KeyObject>;
  private readonly nonces = new NoncePool();

  constructor(private readonly keyring: PayloadKeyring) {
    this.keys = new Map([...keyring.keys].map(([id, key]) => [id, createSecretKey(key)]));
  }

  async encode(payloads: Payload[]): Promise<Payload[]> {
    const keyId = this.keyring.currentKeyId;
    const key = this.keys.get(keyId)!;
    return payloads.map((payload) => {
      const nonce = this.nonces.next();
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const plain = payloadMessage().encode(payload).finish();
      const sealed = Buffer.concat([nonce, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
      return {
        metadata: { encoding: encoder.encode(ENCRYPTED_ENCODING), [KEY_ID_METADATA]: encoder.encode(keyId) },
        data: new Uint8Array(sealed),
      };
    });
  }

  async decode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((payload) => (isEncryptedPayload(payload) ? this.decrypt(payload) : payload));
  }

  private decrypt(payload: Payload): Payload {
    const idBytes = payload.metadata?.[KEY_ID_METADATA];
    const keyId = idBytes ? decoder.decode(idBytes) : '';
    const key = this.keys.get(keyId);
    if (!key) {
      throw new PayloadDecryptionError(
        `Temporal payload encrypted with key "${keyId}", which TEMPORAL_PAYLOAD_KEYS does not list`,
      );
    }
    const sealed = Buffer.from(payload.data ?? []);
    if (sealed.length < NONCE_BYTES + TAG_BYTES) {
      throw new PayloadDecryptionError(`Temporal payload encrypted with key "${keyId}" is truncated`);
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, NONCE_BYTES));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      const plain = Buffer.concat([
        decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]);
      const decoded = payloadMessage().decode(plain);
      return { metadata: decoded.metadata, data: decoded.data };
    } catch {
      throw new PayloadDecryptionError(
        `Temporal payload encrypted with key "${keyId}" could not be decrypted: wrong key or tampered data`,
      );
    }
  }
}
