/**
 * Fee maths for splits. Pure and integer-only: every amount is whole pence.
 *
 * - Customer service fee: a flat 20p per participant, only when two or more people pay.
 *   A single payer pays exactly the order total.
 * - Merchant fee: `merchant_fee_bps` of each share, rounded to the nearest penny with halves
 *   rounded up (a share of 150p at 300 bps is 4.5p, charged as 5p). Rounding is per share, so
 *   the split's merchant fee total is exactly the sum of what each processor charge carries.
 * - Processor charge per participant: share + customer fee; its application fee is the customer
 *   fee plus the merchant fee on that share.
 */
import type { Pence } from './money';

export const CUSTOMER_FEE_PENCE = 20;
export const MIN_SHARE_PENCE = 100;
export const STANDARD_MERCHANT_FEE_BPS = 300;
const BPS_PER_WHOLE = 10_000;

export type MerchantFeeRate = {
  platform_fee_bps: number;
  platform_fee_discount_bps: number | null;
  platform_fee_discount_ends_at: Date | null;
};

/** The rate a split created at `at` snapshots: the promotional rate while it lasts, else the standard one. */
export function merchantFeeBpsAt(merchant: MerchantFeeRate, at: Date): number {
  const promo = merchant.platform_fee_discount_bps;
  const endsAt = merchant.platform_fee_discount_ends_at;
  if (promo !== null && endsAt !== null && at.getTime() < endsAt.getTime()) return promo;
  return merchant.platform_fee_bps;
}

export function customerFeeFor(participantCount: number): Pence {
  return participantCount >= 2 ? CUSTOMER_FEE_PENCE : 0;
}

/** Merchant fee on one share, half-up rounded to whole pence. */
export function merchantFeeOn(share: Pence, bps: number): Pence {
  assertWholePence(share, 'share');
  if (!Number.isInteger(bps) || bps < 0 || bps > BPS_PER_WHOLE) throw new RangeError(`Invalid fee rate: ${bps} bps`);
  return Math.floor((share * bps + BPS_PER_WHOLE / 2) / BPS_PER_WHOLE);
}

export type ShareFees = {
  share: Pence;
  customerFee: Pence;
  merchantFee: Pence;
  /** What the card is charged: share + customer fee. */
  cardCharge: Pence;
  /** The processor's application_fee_amount: customer fee + merchant fee. */
  applicationFee: Pence;
};

export type SplitFees = {
  merchantFeeBps: number;
  shares: ShareFees[];
  totalAmount: Pence;
  customerFeeTotal: Pence;
  merchantFeeTotal: Pence;
  applicationFeeTotal: Pence;
};

/** Fees for a whole split, computed once at creation and stored; never recalculated. */
export function splitFees(shares: readonly Pence[], merchantFeeBps: number): SplitFees {
  const customerFee = customerFeeFor(shares.length);
  const perShare = shares.map((share): ShareFees => {
    const merchantFee = merchantFeeOn(share, merchantFeeBps);
    return {
      share,
      customerFee,
      merchantFee,
      cardCharge: share + customerFee,
      applicationFee: customerFee + merchantFee,
    };
  });
  const sum = (pick: (s: ShareFees) => Pence) => perShare.reduce((total, s) => total + pick(s), 0);
  return {
    merchantFeeBps,
    shares: perShare,
    totalAmount: sum((s) => s.share),
    customerFeeTotal: sum((s) => s.customerFee),
    merchantFeeTotal: sum((s) => s.merchantFee),
    applicationFeeTotal: sum((s) => s.applicationFee),
  };
}

function assertWholePence(value: number, name: string) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be whole, non-negative pence`);
}
