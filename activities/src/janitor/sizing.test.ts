import { DAY_SECONDS, janitorCoverage, merchantsAtOnceFor, singleCursorRecheckSeconds } from './sizing';

/** The figures docs/deploy.md ("Sizing") quotes: change them there when they change here. */
const DEFAULTS = { merchantsAtOnce: 10, readsPerSecondPerAccount: 5 };
const MILLION = { openSplits: 1_000_000, merchants: 10_000, readsPerSplit: 2 };
const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

describe('the janitor sizing arithmetic', () => {
  it('re-checks 1,000,000 open splits across 10,000 merchants within a day at the default settings', () => {
    const fast = janitorCoverage(DEFAULTS, { ...MILLION, readLatencySeconds: 0.15 });
    expect(fast).toMatchObject({ readsPerSecondPerMerchant: 5, readsPerSecond: 50, ceilingReadsPerSecond: 50 });
    expect(fast.passSeconds).toBe(40_000);
    expect(hours(fast.recheckSeconds)).toBe(11.25);
    expect(fast.withinADay).toBe(true);

    const slow = janitorCoverage(DEFAULTS, { ...MILLION, readLatencySeconds: 0.3 });
    expect(slow.readsPerSecondPerMerchant).toBeCloseTo(3.333, 3);
    expect(slow.passSeconds).toBeCloseTo(60_000, 6);
    expect(hours(slow.recheckSeconds)).toBe(16.75);
    expect(slow.withinADay).toBe(true);
  });

  it('the single cursor it replaced took 10.4 days at its default (5.2 at 2,000 a sweep)', () => {
    const load = { ...MILLION, readLatencySeconds: 0.15 };
    expect(singleCursorRecheckSeconds(load, 1000) / DAY_SECONDS).toBeCloseTo(10.42, 2);
    expect(singleCursorRecheckSeconds(load, 2000) / DAY_SECONDS).toBeCloseTo(5.21, 2);
    expect(singleCursorRecheckSeconds({ ...load, openSplits: 100_000, merchants: 1000 }, 1000) / 3600).toBe(25);
  });

  it('at 100,000 open across 1,000 merchants a pass ends on its second or third tick', () => {
    const load = { openSplits: 100_000, merchants: 1000, readsPerSplit: 2 };
    expect(hours(janitorCoverage(DEFAULTS, { ...load, readLatencySeconds: 0.15 }).recheckSeconds)).toBe(1.25);
    expect(hours(janitorCoverage(DEFAULTS, { ...load, readLatencySeconds: 0.3 }).recheckSeconds)).toBe(1.75);
  });

  it('a pass never beats one merchant read one split after another, nor the schedule tick', () => {
    const oneBig = janitorCoverage(DEFAULTS, {
      ...MILLION,
      readLatencySeconds: 0.3,
      largestMerchantSplits: 200_000,
    });
    expect(oneBig.passSeconds).toBeCloseTo(120_000, 6);
    expect(oneBig.withinADay).toBe(false);
    const tiny = janitorCoverage(DEFAULTS, {
      openSplits: 10,
      merchants: 2,
      readsPerSplit: 2,
      readLatencySeconds: 0.15,
    });
    expect(tiny).toMatchObject({ readsPerSecond: 10, passSeconds: 2, recheckSeconds: 15 * 60 });
  });

  it('names the fewest merchants at once for the daily target', () => {
    expect(merchantsAtOnceFor({ ...MILLION, readLatencySeconds: 0.3 }, 5)).toBe(7);
    expect(merchantsAtOnceFor({ ...MILLION, readLatencySeconds: 0.15 }, 5)).toBe(5);
    expect(merchantsAtOnceFor({ ...MILLION, readLatencySeconds: 0.3, largestMerchantSplits: 200_000 }, 5)).toBeNull();
  });
});
