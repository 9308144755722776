import fc from 'fast-check';
import { poundsToPence } from './money';
import { outstandingTotal, type RefundableShare, RefundSlicingError, sliceRefund } from './refund-slicing';

const shares = (...outstanding: number[]): RefundableShare[] =>
  outstanding.map((o, i) => ({ participantId: `p${i}`, outstanding: o }));
const amounts = (slices: { amount: number }[]) => slices.map((s) => s.amount);

describe('sliceRefund', () => {
  it("docs/spec.md's example (Hosted checkout, refund rules): £12.50 over three equal shares is 4.17, 4.17, 4.16", () => {
    const slices = sliceRefund(poundsToPence('12.50'), shares(1000, 1000, 1000));
    expect(amounts(slices)).toEqual([417, 417, 416]);
    expect(slices.every((s) => !s.completesShare)).toBe(true);
  });

  it('is pro-rata to what each share still has outstanding', () => {
    // 30 over 10/20/30 outstanding → 5, 10, 15 exactly.
    expect(amounts(sliceRefund(3000, shares(1000, 2000, 3000)))).toEqual([500, 1000, 1500]);
    // A share already partly refunded gets proportionally less.
    expect(amounts(sliceRefund(900, shares(600, 1200)))).toEqual([300, 600]);
  });

  it('refunding everything outstanding completes every share', () => {
    const slices = sliceRefund(3300, shares(1000, 0, 2300));
    expect(slices).toEqual([
      { participantId: 'p0', amount: 1000, completesShare: true },
      { participantId: 'p2', amount: 2300, completesShare: true },
    ]);
  });

  it('leaves out shares with nothing outstanding and 0p slices', () => {
    expect(sliceRefund(1, shares(1000, 1000, 1000))).toEqual([
      { participantId: 'p0', amount: 1, completesShare: false },
    ]);
    expect(amounts(sliceRefund(2, shares(0, 500, 500, 500)))).toEqual([1, 1]);
  });

  it('marks a slice that returns the last of a share as completing it', () => {
    // 1001 over 1 and 2000: the 1p share gets 1p (completes), the rest to the other.
    const slices = sliceRefund(1001, shares(1, 2000));
    expect(slices).toEqual([
      { participantId: 'p0', amount: 1, completesShare: true },
      { participantId: 'p1', amount: 1000, completesShare: false },
    ]);
  });

  it('refuses more than is outstanding, and non-positive or fractional amounts', () => {
    expect(() => sliceRefund(3001, shares(1000, 1000, 1000))).toThrow(RefundSlicingError);
    expect(() => sliceRefund(0, shares(1000))).toThrow(RefundSlicingError);
    expect(() => sliceRefund(-5, shares(1000))).toThrow(RefundSlicingError);
    expect(() => sliceRefund(10.5, shares(1000))).toThrow(RefundSlicingError);
    expect(() => sliceRefund(10, shares(-1))).toThrow(RefundSlicingError);
    expect(() => sliceRefund(10, [])).toThrow(RefundSlicingError);
  });

  describe('properties', () => {
    const outstanding = fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 25 });
    const case_ = outstanding
      .filter((o) => o.some((v) => v > 0))
      .chain((o) =>
        fc.record({
          shares: fc.constant(shares(...o)),
          amount: fc.integer({ min: 1, max: o.reduce((a, b) => a + b, 0) }),
        }),
      );

    it('slices are whole pence and sum exactly to the amount', () => {
      fc.assert(
        fc.property(case_, ({ shares: s, amount }) => {
          const slices = sliceRefund(amount, s);
          expect(slices.every((x) => Number.isSafeInteger(x.amount) && x.amount > 0)).toBe(true);
          expect(slices.reduce((sum, x) => sum + x.amount, 0)).toBe(amount);
        }),
        { numRuns: 500 },
      );
    });

    it("no slice exceeds its participant's outstanding, and completing means exactly that", () => {
      fc.assert(
        fc.property(case_, ({ shares: s, amount }) => {
          const byId = new Map(s.map((x) => [x.participantId, x.outstanding]));
          for (const slice of sliceRefund(amount, s)) {
            const open = byId.get(slice.participantId)!;
            expect(slice.amount).toBeLessThanOrEqual(open);
            expect(slice.completesShare).toBe(slice.amount === open);
          }
        }),
        { numRuns: 500 },
      );
    });

    it('each slice is its exact pro-rata part rounded down, plus one penny for the earliest shares', () => {
      fc.assert(
        fc.property(case_, ({ shares: s, amount }) => {
          const total = BigInt(outstandingTotal(s));
          const slices = sliceRefund(amount, s);
          const extras = s
            .filter((x) => x.outstanding > 0)
            .map((share) => {
              const floor = Number((BigInt(amount) * BigInt(share.outstanding)) / total);
              const got = slices.find((x) => x.participantId === share.participantId)?.amount ?? 0;
              return got - floor;
            });
          expect(extras.every((e) => e === 0 || e === 1)).toBe(true);
          // The extra pennies form a prefix: no share gets one after a share that did not.
          const firstWithout = extras.indexOf(0);
          if (firstWithout >= 0) expect(extras.slice(firstWithout).every((e) => e === 0)).toBe(true);
        }),
        { numRuns: 300 },
      );
    });

    it('a full refund completes every open share', () => {
      fc.assert(
        fc.property(
          outstanding.filter((o) => o.some((v) => v > 0)),
          (o) => {
            const s = shares(...o);
            const slices = sliceRefund(outstandingTotal(s), s);
            expect(slices.every((x) => x.completesShare)).toBe(true);
            expect(slices).toHaveLength(o.filter((v) => v > 0).length);
          },
        ),
      );
    });
  });
});
