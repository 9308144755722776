// The development stack's ENCRYPTION_KEY: 32 random bytes (hex) generated once into
// .data/encryption.key and reused, so secrets encrypted by one `npm start` still decrypt
// after a restart. Production sets ENCRYPTION_KEY itself (config refuses to start without it).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR } from './paths.mjs';

export const ENCRYPTION_KEY_FILE = join(DATA_DIR, 'encryption.key');

export function ensureDevEncryptionKey(file = ENCRYPTION_KEY_FILE) {
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f]{64}$/i.test(key)) return key;
    throw new Error(`${file} does not hold a 64-character hex key; delete it to generate a new one`);
  }
  mkdirSync(join(file, '..'), { recursive: true });
  const key = randomBytes(32).toString('hex');
  // wx: never overwrite a key another process wrote in the meantime.
  try {
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (error.code === 'EEXIST') return ensureDevEncryptionKey(file);
    throw error;
  }
  return key;
}
