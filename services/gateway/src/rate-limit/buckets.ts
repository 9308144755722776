import { MESSAGES } from '@groupsplit/shared';
import type { BucketName } from '../routes/types';

export type BucketPolicy = {
  points: number;
  durationSeconds: number;
  /** `api_key`: per API key when the caller used one, else per client IP. `ip`: always per client IP. */
  keyedBy: 'api_key' | 'ip';
  message: string;
};

/**
 * docs/spec.md, Limits (the messages are from its Errors table). A route joins a bucket only
 * through its rule's `bucket` field; every route naming the same bucket shares one counter per key.
 */
export const BUCKETS: Record<BucketName, BucketPolicy> = {
  session_create: {
    points: 120,
    durationSeconds: 60,
    keyedBy: 'api_key',
    message: MESSAGES.sessionRateLimited,
  },
  server_ops: { points: 120, durationSeconds: 60, keyedBy: 'api_key', message: MESSAGES.publicRateLimited },
  public_lookup: { points: 60, durationSeconds: 60, keyedBy: 'ip', message: MESSAGES.publicRateLimited },
  sensitive: {
    points: 5,
    durationSeconds: 10 * 60,
    keyedBy: 'ip',
    message: MESSAGES.sensitiveRateLimited,
  },
  // Not in docs/spec.md's Limits table: sign-in codes are guessable in principle, so attempts are capped per IP.
  sign_in: {
    points: 10,
    durationSeconds: 10 * 60,
    keyedBy: 'ip',
    message: MESSAGES.sensitiveRateLimited,
  },
  // Not in docs/spec.md's Limits table: a dashboard tab refreshes on load and every few minutes; an office shares an address.
  session_refresh: {
    points: 60,
    durationSeconds: 60,
    keyedBy: 'ip',
    message: MESSAGES.sensitiveRateLimited,
  },
  // Not in docs/spec.md's Limits table: a finance export streams a whole period from the database, so
  // a client repeating it in a loop is held back; a person downloads a few files at a time (docs/exports.md).
  export: {
    points: 30,
    durationSeconds: 10 * 60,
    keyedBy: 'ip',
    message: MESSAGES.publicRateLimited,
  },
};

export const RATE_LIMITED_CODE = 'rate_limited';
