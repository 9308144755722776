import { randomBytes } from 'node:crypto';
import { decryptSecret, encryptionKeyBytes, encryptSecret, SecretDecryptionError } from './secrets';

const hexKey = randomBytes(32).toString('hex');

describe('AES-256-GCM secrets', () => {
  it('round-trips, and the stored form does not contain the secret', () => {
    const stored = encryptSecret('whsec_topsecret', hexKey, 'ctx');
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain('topsecret');
    expect(decryptSecret(stored, hexKey, 'ctx')).toBe('whsec_topsecret');
  });

  it('uses a fresh IV every time', () => {
    expect(encryptSecret('same', hexKey)).not.toBe(encryptSecret('same', hexKey));
  });

  it('refuses another key, another context and tampered data', () => {
    const stored = encryptSecret('whsec_topsecret', hexKey, 'webhook_secret:a:live');
    expect(() => decryptSecret(stored, randomBytes(32).toString('hex'), 'webhook_secret:a:live')).toThrow(
      SecretDecryptionError,
    );
    expect(() => decryptSecret(stored, hexKey, 'webhook_secret:b:live')).toThrow(SecretDecryptionError);
    const [v, iv, tag, data] = stored.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptSecret([v, iv, tag, flipped.toString('base64url')].join('.'), hexKey, 'x')).toThrow(
      SecretDecryptionError,
    );
    expect(() => decryptSecret('plaintext', hexKey)).toThrow(SecretDecryptionError);
  });

  it('takes the key as 64 hex characters or base64, and nothing shorter', () => {
    const bytes = randomBytes(32);
    expect(encryptionKeyBytes(bytes.toString('hex'))).toEqual(bytes);
    expect(encryptionKeyBytes(bytes.toString('base64'))).toEqual(bytes);
    const stored = encryptSecret('s', bytes.toString('base64'));
    expect(decryptSecret(stored, bytes.toString('hex'))).toBe('s');
    expect(() => encryptionKeyBytes('too-short-for-aes-256-but-32-chars!')).toThrow(/32 bytes/);
  });
});
