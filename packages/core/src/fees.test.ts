import fc from 'fast-check';
import {
  CUSTOMER_FEE_PENCE,
  customerFeeFor,
  merchantFeeBpsAt,
  merchantFeeOn,
  STANDARD_MERCHANT_FEE_BPS,
  splitFees,
} from './fees';
import { formatPounds, poundsToPence } from './money';

const share = fc.integer({ min: 100, max: 50_000_000 });
const bps = fc.integer({ min: 0, max: 10_000 });

describe('fees', () => {
  it('charges the flat 20p per participant only when two or more people pay', () => {
    expect(CUSTOMER_FEE_PENCE).toBe(20);
    expect(customerFeeFor(1)).toBe(0);
    expect(customerFeeFor(2)).toBe(20);
    expect(customerFeeFor(7)).toBe(20);
  });

  it('a single payer is charged exactly the order total', () => {
    fc.assert(
      fc.property(share, bps, (amount, rate) => {
        const fees = splitFees([amount], rate);
        expect(fees.shares[0]!.cardCharge).toBe(amount);
        expect(fees.customerFeeTotal).toBe(0);
        expect(fees.applicationFeeTotal).toBe(fees.merchantFeeTotal);
      }),
    );
  });

  it('rounds the merchant fee per share to the nearest penny, halves up', () => {
    expect(merchantFeeOn(1000, 300)).toBe(30);
    expect(merchantFeeOn(150, 300)).toBe(5); // 4.5p
    expect(merchantFeeOn(149, 300)).toBe(4); // 4.47p
    expect(merchantFeeOn(117, 300)).toBe(4); // 3.51p
    expect(merchantFeeOn(116, 250)).toBe(3); // 2.9p
    expect(merchantFeeOn(100, 0)).toBe(0);
  });

  it('the merchant fee is within half a penny of the exact percentage and never exceeds the share', () => {
    fc.assert(
      fc.property(share, bps, (amount, rate) => {
        const fee = merchantFeeOn(amount, rate);
        expect(Number.isInteger(fee)).toBe(true);
        expect(Math.abs(fee * 10_000 - amount * rate)).toBeLessThanOrEqual(5_000);
        expect(fee).toBeLessThanOrEqual(amount);
      }),
    );
  });

  it('totals are the exact sums of the per-participant charges', () => {
    fc.assert(
      fc.property(fc.array(share, { minLength: 1, maxLength: 30 }), bps, (shares, rate) => {
        const fees = splitFees(shares, rate);
        const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
        expect(fees.totalAmount).toBe(sum(shares));
        expect(fees.customerFeeTotal).toBe(customerFeeFor(shares.length) * shares.length);
        expect(fees.merchantFeeTotal).toBe(sum(fees.shares.map((s) => s.merchantFee)));
        expect(fees.applicationFeeTotal).toBe(fees.customerFeeTotal + fees.merchantFeeTotal);
        for (const s of fees.shares) {
          expect(s.cardCharge).toBe(s.share + s.customerFee);
          expect(s.applicationFee).toBe(s.customerFee + s.merchantFee);
          // The merchant always nets share minus its fee; the 20p never comes out of the share.
          expect(s.cardCharge - s.applicationFee).toBe(s.share - s.merchantFee);
        }
      }),
    );
  });

  it('refuses fractional pence and impossible rates', () => {
    expect(() => merchantFeeOn(100.5, 300)).toThrow(RangeError);
    expect(() => merchantFeeOn(100, 300.5)).toThrow(RangeError);
    expect(() => merchantFeeOn(100, 10_001)).toThrow(RangeError);
  });

  describe('rate snapshot', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const merchant = {
      platform_fee_bps: STANDARD_MERCHANT_FEE_BPS,
      platform_fee_discount_bps: null,
      platform_fee_discount_ends_at: null,
    };

    it('uses the standard rate with no promotion', () => {
      expect(merchantFeeBpsAt(merchant, now)).toBe(300);
    });

    it('uses the promotional rate until it ends, then the standard rate', () => {
      const promo = {
        ...merchant,
        platform_fee_discount_bps: 150,
        platform_fee_discount_ends_at: new Date('2026-12-01T00:00:00Z'),
      };
      expect(merchantFeeBpsAt(promo, now)).toBe(150);
      expect(merchantFeeBpsAt(promo, new Date('2026-12-01T00:00:00Z'))).toBe(300);
      expect(merchantFeeBpsAt({ ...promo, platform_fee_discount_ends_at: null }, now)).toBe(300);
    });
  });
});

describe('money', () => {
  it('pence → pounds string → pence round-trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (pence) => {
        expect(poundsToPence(formatPounds(pence))).toBe(pence);
        expect(formatPounds(pence)).toMatch(/^-?\d+\.\d{2}$/);
      }),
    );
  });

  it('a two-decimal number of pounds converts exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (pence) => {
        expect(poundsToPence(pence / 100)).toBe(pence);
      }),
    );
  });
});
