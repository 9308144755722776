import { duration, percent, periodFrom, periodLabel, periodSearch, periodWords } from '../app/insights/period';

const NOW = new Date('2026-11-27T14:00:00Z');
const read = (query: string) => periodFrom(new URLSearchParams(query), NOW);

describe("the Insights page's period in the address", () => {
  it('is the last N days, today included, for ?days=7|30|90, and 30 days otherwise', () => {
    expect(read('days=7')).toEqual({ kind: 'preset', days: 7, from: '2026-11-21', to: '2026-11-27' });
    expect(read('days=90')).toMatchObject({ days: 90, from: '2026-08-30' });
    for (const query of ['', 'days=12', 'days=abc', 'from=2026-02-30&to=2026-03-01', 'from=2026-11-02&to=2026-11-01']) {
      expect(read(query)).toEqual({ kind: 'preset', days: 30, from: '2026-10-29', to: '2026-11-27' });
    }
  });

  it("ends a preset on the UK's today: at 23:30 UTC in summer it is already tomorrow in the UK", () => {
    const lateSummerEvening = new Date('2026-07-14T23:30:00Z');
    expect(periodFrom(new URLSearchParams('days=7'), lateSummerEvening)).toMatchObject({
      from: '2026-07-09',
      to: '2026-07-15',
    });
  });

  it('is the days given by ?from&to, both included, and writes back what it read', () => {
    expect(read('from=2026-10-01&to=2026-10-01')).toEqual({ kind: 'custom', from: '2026-10-01', to: '2026-10-01' });
    expect(periodSearch({ from: '2026-10-01', to: '2026-10-31' })).toBe('?from=2026-10-01&to=2026-10-31');
    expect(periodSearch({ days: 7 })).toBe('?days=7');
    expect(periodLabel({ from: '2026-10-01', to: '2026-10-31' })).toBe('1 Oct 2026 – 31 Oct 2026');
    expect(periodLabel({ from: '2026-10-01', to: '2026-10-01' })).toBe('1 Oct 2026');
    expect(periodWords({ from: '2026-10-01', to: '2026-10-31' })).toBe('from 1 Oct 2026 to 31 Oct 2026');
    expect(periodWords({ from: '2026-10-01', to: '2026-10-01' })).toBe('on 1 Oct 2026');
  });

  it('words waits and shares as people say them', () => {
    expect([null, 20, 2700, 7200, 10_080, 86_400, 97_200, 3 * 86_400].map(duration)).toEqual([
      '—',
      '20 s',
      '45 min',
      '2 h',
      '2 h 48 min',
      '1 day',
      '1 day 3 h',
      '3 days',
    ]);
    expect([null, 0, 0.5, 0.6667, 1].map(percent)).toEqual(['—', '0%', '50%', '67%', '100%']);
  });
});
