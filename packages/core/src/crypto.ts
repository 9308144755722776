import { createHash, randomBytes } from 'node:crypto';

/** Tokens, keys and codes are stored only as this hash. */
export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** URL-safe random secret; 32 bytes is 256 bits. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
