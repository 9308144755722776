import { poundsToPence } from '@groupsplit/shared';
import fc from 'fast-check';
import { decimalPounds } from './presenters';

describe('detail amounts (stored decimals without two-place formatting)', () => {
  it('drops trailing zeros', () => {
    expect(decimalPounds(1250)).toBe('12.5');
    expect(decimalPounds(1200)).toBe('12');
    expect(decimalPounds(20)).toBe('0.2');
    expect(decimalPounds(5)).toBe('0.05');
    expect(decimalPounds(0)).toBe('0');
    expect(decimalPounds(-1210)).toBe('-12.1');
  });

  it('always parses back to the same pence', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (pence) => {
        const text = decimalPounds(pence);
        expect(poundsToPence(text)).toBe(pence);
        expect(text).not.toMatch(/\.\d*0$/);
      }),
    );
  });
});
