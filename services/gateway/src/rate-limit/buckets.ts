import type { BucketName } from '../routes/types';

export type BucketPolicy = {
  points: number;
  durationSeconds: number;
  /** `api_key`: per API key when the caller used one, else per client IP. `ip`: always per client IP. */
  keyedBy: 'api_key' | 'ip';
  message: string;
};

const SHORTLY = 'Too many requests. Please try again shortly.';

/**
 * The spec's Limits table. A route joins a bucket only through its rule's `bucket`
 * field; every route naming the same bucket shares one counter per key.
 */
export const BUCKETS: Record<BucketName, BucketPolicy> = {
  session_create: {
    points: 120,
    durationSeconds: 60,
    keyedBy: 'api_key',
    message: 'Too many checkout session requests. Please slow down.',
  },
  server_ops: { points: 120, durationSeconds: 60, keyedBy: 'api_key', message: SHORTLY },
  public_lookup: { points: 60, durationSeconds: 60, keyedBy: 'ip', message: SHORTLY },
  sensitive: {
    points: 5,
    durationSeconds: 10 * 60,
    keyedBy: 'ip',
    message: 'Too many requests. Please try again later.',
  },
  // Not in the spec's table: sign-in codes are guessable in principle, so attempts are capped per IP.
  sign_in: {
    points: 10,
    durationSeconds: 10 * 60,
    keyedBy: 'ip',
    message: 'Too many requests. Please try again later.',
  },
};

export const RATE_LIMITED_CODE = 'rate_limited';
