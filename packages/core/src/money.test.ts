import fc from 'fast-check';
import { decimalPounds, formatPounds, MoneyFormatError, poundsToPence } from './money';

describe('poundsToPence', () => {
  it.each([
    ['12.5', 1250],
    [12.5, 1250],
    ['12.50', 1250],
    ['0.01', 1],
    [0.1, 10],
    [0.29, 29],
    ['5000', 500000],
    [120, 12000],
    ['-3.20', -320],
  ])('converts %p exactly to %p pence', (input, pence) => {
    expect(poundsToPence(input)).toBe(pence);
  });

  it.each(['12.505', 12.505, '1e3', '', 'abc', '12.', '.5', Number.NaN, Number.POSITIVE_INFINITY, '1,000'])(
    'refuses %p',
    (input) => {
      expect(() => poundsToPence(input as string | number)).toThrow(MoneyFormatError);
    },
  );

  it('round-trips every whole-pence amount through formatPounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (pence) => {
        expect(poundsToPence(formatPounds(pence))).toBe(pence);
      }),
    );
  });

  it('agrees with the decimal text for two-decimal numbers typed as floats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (pence) => {
        const asFloat = Number(`${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`);
        expect(poundsToPence(asFloat)).toBe(pence);
      }),
    );
  });
});

describe('formatPounds', () => {
  it.each([
    [1250, '12.50'],
    [1, '0.01'],
    [0, '0.00'],
    [500000, '5000.00'],
    [-320, '-3.20'],
  ])('formats %p as %p', (pence, text) => {
    expect(formatPounds(pence)).toBe(text);
  });

  it('refuses fractions of a penny', () => {
    expect(() => formatPounds(12.5)).toThrow(MoneyFormatError);
  });
});

describe('decimalPounds (detail amounts: stored decimals without two-place formatting)', () => {
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

  it('refuses fractions of a penny, like formatPounds', () => {
    expect(() => decimalPounds(12.5)).toThrow(MoneyFormatError);
  });
});
