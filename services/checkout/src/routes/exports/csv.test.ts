import { parseCsv } from '@groupsplit/testing';
import { ukTime, utcTime } from './columns';
import { csvCell, csvLine } from './csv';

describe('the exports CSV writer', () => {
  it('neutralises every formula start with a single quote inside a quoted cell, and leaves the rest alone', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    }
    expect(csvCell('ORDER-1')).toBe('ORDER-1');
    expect(csvCell('12.50')).toBe('12.50');
    expect(csvCell('a "quoted", word')).toBe('"a ""quoted"", word"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(0)).toBe('0');
  });

  it('writes records that read back cell for cell', () => {
    const cells = ['=cmd|"/c calc"!A1', 'line\nbreak', 'comma, here', '', '@SUM(1)', 'plain'];
    expect(parseCsv(csvLine(cells) + csvLine(['x']))).toEqual([
      ['\'=cmd|"/c calc"!A1', 'line\nbreak', 'comma, here', '', "'@SUM(1)", 'plain'],
      ['x'],
    ]);
  });
});

describe('export times', () => {
  it('gives UK wall-clock time on both sides of each 2026 clock change, and UTC to the second', () => {
    expect(ukTime(new Date('2026-03-29T00:59:59Z'))).toBe('2026-03-29 00:59:59');
    expect(ukTime(new Date('2026-03-29T01:00:00Z'))).toBe('2026-03-29 02:00:00');
    expect(ukTime(new Date('2026-10-25T00:59:59Z'))).toBe('2026-10-25 01:59:59');
    expect(ukTime(new Date('2026-10-25T01:00:00Z'))).toBe('2026-10-25 01:00:00');
    expect(ukTime(new Date('2026-12-31T23:30:00.900Z'))).toBe('2026-12-31 23:30:00');
    expect(utcTime(new Date('2026-07-01T14:04:12.345Z'))).toBe('2026-07-01T14:04:12Z');
    expect([ukTime(null), utcTime(null)]).toEqual([null, null]);
  });
});
