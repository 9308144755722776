import { participantInFlight, readUntilSettled, splitStatusInFlight } from './in-flight';

describe('readUntilSettled', () => {
  /** Each call returns the next scripted reading (the last one repeats). */
  const script = (readings: Record<string, string>[]) => {
    let index = 0;
    return async () => new Map(Object.entries(readings[Math.min(index++, readings.length - 1)]!));
  };
  const immediately = { pause: async () => {} };

  it('reads once when nothing is wrong', async () => {
    const read = jest.fn(script([{}]));
    const settled = await readUntilSettled(read, (reading) => reading, immediately);
    expect(read).toHaveBeenCalledTimes(1);
    expect(settled.lasting.size).toBe(0);
  });

  it('stops as soon as every problem has been gone once; those passed, and are not lasting', async () => {
    const read = jest.fn(script([{ split: 'a' }, { split: 'a', other: 'b' }, { other: 'b' }]));
    const settled = await readUntilSettled(read, (reading) => reading, immediately);
    expect(read).toHaveBeenCalledTimes(3);
    expect([...settled.lasting]).toEqual([]);
    expect([...settled.passed]).toEqual([
      ['split', 'a'],
      ['other', 'b'],
    ]);
  });

  it('a problem present in every reading for the whole window lasts, under its latest wording', async () => {
    // Each reading takes 20 ms on the test's own clock, so a 50 ms window holds three readings however busy the machine is.
    let reads = 0;
    let clock = 0;
    const settled = await readUntilSettled(
      async () => {
        clock += 20;
        return new Map([['split', `reading ${++reads}`]]);
      },
      (reading) => reading,
      { windowMs: 50, now: () => clock, ...immediately },
    );
    expect(reads).toBe(3);
    expect([...settled.lasting]).toEqual([['split', `reading ${reads}`]]);
    expect(settled.passed.size).toBe(0);
  });
});

describe('in-flight rules', () => {
  const since = new Date().toISOString();
  it('know nothing without a step (workflow code that does not report one)', () => {
    expect(splitStatusInFlight(null, 'captured')).toBe(false);
    expect(participantInFlight(null, 'a', 'captured')).toBe(false);
  });
  it('match a transition by its target, a participant step by its participant, a refund step by shape', () => {
    expect(splitStatusInFlight({ step: 'transition', to: 'captured', since }, 'captured')).toBe(true);
    expect(splitStatusInFlight({ step: 'transition', to: 'captured', since }, 'capture_failed')).toBe(false);
    expect(splitStatusInFlight({ step: 'capture', participantId: 'a', since }, 'captured')).toBe(false);
    expect(splitStatusInFlight({ step: 'refund', since }, 'partially_refunded')).toBe(true);
    expect(splitStatusInFlight({ step: 'refund', since }, 'canceled')).toBe(false);
    expect(participantInFlight({ step: 'capture', participantId: 'a', since }, 'a', 'capturing')).toBe(true);
    expect(participantInFlight({ step: 'capture', participantId: 'a', since }, 'b', 'capturing')).toBe(false);
    expect(participantInFlight({ step: 'transition', to: 'canceled', since }, 'b', 'canceled')).toBe(true);
    expect(participantInFlight({ step: 'transition', to: 'canceled', since }, 'b', 'canceling')).toBe(false);
    expect(participantInFlight({ step: 'refund', since }, 'b', 'captured')).toBe(true);
  });
  it('with several steps in flight (a capture write beside the next capture), match every participant named', () => {
    const both = { step: 'capture', participantId: 'b', participantIds: ['a', 'b'], since };
    expect(participantInFlight(both, 'a', 'capturing')).toBe(true);
    expect(participantInFlight(both, 'b', 'capturing')).toBe(true);
    expect(participantInFlight(both, 'c', 'capturing')).toBe(false);
  });
});
