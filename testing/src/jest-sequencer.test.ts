import { join } from 'node:path';

/** The order Jest hands test files to its workers (scripts/jest-sequencer.js): browser files spread out. */
const { interleave } = require(join(__dirname, '..', '..', 'scripts', 'jest-sequencer.js')) as {
  interleave: (others: string[], spread: string[]) => string[];
};

const files = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);

describe('the Jest file order', () => {
  it('places the browser files evenly among the first three quarters of the others, keeping both orders', () => {
    const order = interleave(files('o', 12), files('b', 3));
    expect(order.join(' ')).toBe('b1 o1 o2 o3 b2 o4 o5 o6 b3 o7 o8 o9 o10 o11 o12');
  });

  it('never starts two browser files side by side while other files are left', () => {
    const order = interleave(files('o', 250), files('b', 28));
    const browserAt = order.flatMap((file, index) => (file.startsWith('b') ? [index] : []));
    expect(browserAt).toHaveLength(28);
    expect(browserAt.slice(1).every((at, i) => at - browserAt[i]! > 1)).toBe(true);
    expect(browserAt.at(-1)).toBeLessThan(order.length * 0.8);
  });

  it('keeps every file when there are more browser files than others, or none of either', () => {
    expect(interleave(['o1'], ['b1', 'b2', 'b3'])).toEqual(['b1', 'o1', 'b2', 'b3']);
    expect(interleave(files('o', 3), [])).toEqual(['o1', 'o2', 'o3']);
    expect(interleave([], ['b1'])).toEqual(['b1']);
  });
});
