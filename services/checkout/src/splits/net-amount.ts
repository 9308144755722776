import { formatPounds, type Pence, type SplitParticipantRow, type SplitRow } from '@groupsplit/shared';

/*
 * What reaches the merchant of one order after our fee: `net_amount`, beside the order's `merchant_fee`
 * (docs/splits.md, "Fee and net amount"). The one place it is computed: the dashboard's list and detail
 * and the API key's list and detail all present it from here.
 *
 * Money flow of one share (docs/splits.md, "Fees"; docs/refunds.md, "Fees"): its card is charged share +
 * customer fee, and the application fee (customer fee + the share's merchant fee) goes to us, so the
 * merchant keeps share − merchant fee. A refund slice that leaves part of the share outstanding comes out of
 * the merchant's balance and the fee stays; once the whole share is back, the application fee is reversed,
 * so a fully refunded share leaves the merchant at zero.
 */

/** The split's fields the net amount reads. */
export type NetAmountSplit = Pick<SplitRow, 'status' | 'total_amount' | 'merchant_fee_total'>;
/** The participant's fields the net amount reads. */
export type NetAmountShare = Pick<SplitParticipantRow, 'status' | 'amount' | 'merchant_fee' | 'refunded_amount'>;

/** Not completed yet: the net is what will reach the merchant if the order completes. */
const OPEN = new Set<SplitRow['status']>(['creating', 'pending', 'capturing']);
/** Nothing was captured (or the holds are being released): nothing reaches the merchant. */
const NOTHING_CAPTURED = new Set<SplitRow['status']>(['canceling', 'canceled', 'creation_failed']);

/** What one captured share leaves the merchant, in pence. */
function shareNet(share: NetAmountShare): Pence {
  if (share.status === 'refunded') return 0;
  if (share.status !== 'captured') return 0;
  return share.amount - share.refunded_amount - share.merchant_fee;
}

/**
 * `net_amount` in pence:
 * - `pending` (also while holds are placed or captured): the order total less the merchant fee, what will
 *   reach the merchant when the order completes;
 * - `canceled`, `canceling`, `creation_failed`: 0, nothing was captured;
 * - `captured`, `partially_refunded`, `refunded`, `capture_failed`: per captured share, share − refunded so
 *   far − its merchant fee; a share refunded in full counts 0 (its fee is reversed). So a `captured` order
 *   is total − merchant fee, a `refunded` one (and a `capture_failed` one, whose captured shares were
 *   refunded) 0.
 */
export function netAmountPence(split: NetAmountSplit, shares: readonly NetAmountShare[]): Pence {
  if (OPEN.has(split.status)) return split.total_amount - split.merchant_fee_total;
  if (NOTHING_CAPTURED.has(split.status)) return 0;
  return shares.reduce((sum, share) => sum + shareNet(share), 0);
}

/**
 * The two fields as a list presents them, two-place pounds: `merchant_fee` is the fee recorded on the order
 * at creation (`merchant_fee_total`, never recalculated, as on the detail), `net_amount` what reaches the
 * merchant (netAmountPence).
 */
export function feeAndNetFields(split: NetAmountSplit, shares: readonly NetAmountShare[]) {
  return {
    merchant_fee: formatPounds(split.merchant_fee_total),
    net_amount: formatPounds(netAmountPence(split, shares)),
  };
}

/** The detail's `net_amount` (its `merchant_fee` is the spec's own field, a stored decimal). */
export function netAmountField(split: NetAmountSplit, shares: readonly NetAmountShare[]) {
  return { net_amount: formatPounds(netAmountPence(split, shares)) };
}
