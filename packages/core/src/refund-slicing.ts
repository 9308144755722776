import type { Pence } from './money';

/** A participant who paid, with what is still theirs to get back (share pence, fee excluded). */
export type RefundableShare = { participantId: string; outstanding: Pence };

/** One participant's part of a refund; `completesShare` when it returns the last of their share. */
export type RefundSlice = { participantId: string; amount: Pence; completesShare: boolean };

export class RefundSlicingError extends Error {
  override name = 'RefundSlicingError';
}

/**
 * Spreads `amount` over the shares in proportion to what each still has outstanding, in whole
 * pence. Each share first gets the floor of its exact part; the pence lost to rounding go one
 * each to the earliest shares (docs/spec.md, Hosted checkout refund rules: 12.50 over three equal shares is 4.17, 4.17, 4.16).
 * A share never gets more than it has outstanding: floors are strictly below a share's
 * outstanding unless the whole outstanding total is refunded, in which case nothing is left over.
 * Slices of 0p are left out; the order of `shares` is kept.
 */
export function sliceRefund(amount: Pence, shares: readonly RefundableShare[]): RefundSlice[] {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RefundSlicingError(`Not a refund amount: ${amount}`);
  for (const share of shares) {
    if (!Number.isSafeInteger(share.outstanding) || share.outstanding < 0) {
      throw new RefundSlicingError(`Not an outstanding amount: ${share.outstanding}`);
    }
  }
  const open = shares.filter((s) => s.outstanding > 0);
  const total = open.reduce((sum, s) => sum + BigInt(s.outstanding), 0n);
  if (BigInt(amount) > total) throw new RefundSlicingError(`Refund of ${amount}p exceeds ${total}p outstanding`);

  // BigInt: amount × outstanding can pass 2^53 for very large orders.
  const parts = open.map((s) => Number((BigInt(amount) * BigInt(s.outstanding)) / total));
  let remainder = amount - parts.reduce((sum, p) => sum + p, 0);
  for (let i = 0; remainder > 0; i++) {
    parts[i]! += 1;
    remainder -= 1;
  }
  return open
    .map((s, i) => ({ participantId: s.participantId, amount: parts[i]!, completesShare: parts[i] === s.outstanding }))
    .filter((slice) => slice.amount > 0);
}

/** Total still outstanding over the shares (pence). */
export const outstandingTotal = (shares: readonly RefundableShare[]): Pence =>
  shares.reduce((sum, s) => sum + s.outstanding, 0);
