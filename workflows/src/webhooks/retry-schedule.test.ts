import { retryDelayAfter, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS } from './retry-schedule';

const HOUR = 3_600_000;

describe('webhook retry schedule', () => {
  it('is eight retries, nine attempts in all, spanning about 47 hours', () => {
    expect(WEBHOOK_RETRY_DELAYS_MS).toHaveLength(8);
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(9);
    const total = WEBHOOK_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBe(47 * HOUR);
  });

  it('waits longer before each retry, and not at all after the last attempt', () => {
    const delays = Array.from({ length: 9 }, (_, i) => retryDelayAfter(i + 1, 1));
    expect(delays.slice(0, 8)).toEqual(WEBHOOK_RETRY_DELAYS_MS);
    expect(delays[8]).toBeNull();
    for (let i = 1; i < 8; i++) expect(delays[i]!).toBeGreaterThanOrEqual(delays[i - 1]!);
  });

  it('divides every delay by the time scale, never below 1 ms', () => {
    expect(retryDelayAfter(1, 1000)).toBe(60);
    expect(retryDelayAfter(8, 100_000)).toBe(576);
    expect(retryDelayAfter(1, 1e12)).toBe(1);
    expect(retryDelayAfter(1, 1, 1)).toBeNull();
  });
});
