const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Wait before each retry of an event delivery: attempts land at 0, 1m, 6m, 1h, 3h, 7h,
 * 15h, 31h and 47h after the first, so nine attempts span the "about 47 hours" of docs/spec.md, Delivery.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  1 * MINUTE,
  5 * MINUTE,
  54 * MINUTE,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  16 * HOUR,
  16 * HOUR,
];

export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

/** Delay after a failed `attempt` (1-based), shrunk by the time scale tests use; null after the last. */
export function retryDelayAfter(attempt: number, timeScale: number, maxAttempts = WEBHOOK_MAX_ATTEMPTS): number | null {
  if (attempt >= maxAttempts) return null;
  const delay = WEBHOOK_RETRY_DELAYS_MS[attempt - 1];
  if (delay === undefined) return null;
  return Math.max(1, Math.round(delay / timeScale));
}
