import { createAccountPacer } from './pace';

/** A clock that moves only when the pacer sleeps, so the slots are exact. */
function fakeClock() {
  let now = 1_000_000;
  const sleeps: number[] = [];
  return {
    sleeps,
    clock: {
      now: () => now,
      sleep: async (ms: number) => {
        sleeps.push(ms);
        now += ms;
      },
    },
  };
}

describe('the per-account pacer', () => {
  it('spaces one account’s reads by 1000 ÷ the rate, and never holds another account back', async () => {
    const { clock, sleeps } = fakeClock();
    const pace = createAccountPacer(5, clock);
    await pace('acct_a');
    await pace('acct_a');
    await pace('acct_a');
    expect(sleeps).toEqual([200, 200]);
    await pace('acct_b');
    expect(sleeps).toEqual([200, 200]);
  });

  it('gives reads asked at once their own slots, in order', async () => {
    const { clock, sleeps } = fakeClock();
    const pace = createAccountPacer(10, clock);
    const before = clock.now();
    // Asked together (two sweeps of one account side by side): the second waits one slot.
    await Promise.all([pace('acct_a'), pace('acct_a')]);
    expect(sleeps).toEqual([100]);
    expect(clock.now() - before).toBe(100);
  });
});
