import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets the service must read back (webhook signing secrets) are stored only as
 * AES-256-GCM ciphertext under ENCRYPTION_KEY. The context (for example
 * `webhook_secret:<merchant>:<mode>`) is bound in as associated data, so a ciphertext
 * copied onto another merchant's row does not decrypt.
 *
 * Stored form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
const VERSION = 'v1';
const IV_BYTES = 12;

export class SecretDecryptionError extends Error {
  override name = 'SecretDecryptionError';
}

/** ENCRYPTION_KEY is 32 bytes given as 64 hex characters or as base64. */
export function encryptionKeyBytes(encryptionKey: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(encryptionKey)
    ? Buffer.from(encryptionKey, 'hex')
    : Buffer.from(encryptionKey, 'base64');
  if (key.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64');
  return key;
}

export function encryptSecret(plaintext: string, encryptionKey: string, context = ''): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', encryptionKeyBytes(encryptionKey), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
  return [VERSION, ...parts].join('.');
}

export function decryptSecret(stored: string, encryptionKey: string, context = ''): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) {
    throw new SecretDecryptionError('Not an encrypted secret this version understands');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', encryptionKeyBytes(encryptionKey), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretDecryptionError('Secret could not be decrypted: wrong key, wrong context or tampered data');
  }
}
