import { ukDayEnd, ukDayStart } from './uk-day';

describe('UK days', () => {
  it('starts a winter day at midnight UTC and a summer day at 23:00 UTC the evening before', () => {
    expect(ukDayStart('2025-01-01').toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(ukDayStart('2026-10-01').toISOString()).toBe('2026-09-30T23:00:00.000Z');
  });

  it('gives the clock-change days 23 and 25 hours', () => {
    const hours = (day: string) => (ukDayEnd(day).getTime() - ukDayStart(day).getTime()) / 3_600_000;
    expect(hours('2026-03-29')).toBe(23);
    expect(hours('2026-10-25')).toBe(25);
    expect(hours('2026-10-26')).toBe(24);
  });
});
