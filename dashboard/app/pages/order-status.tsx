import type { SplitDetail, SplitSummary } from '../api';
import { StatusChip } from '../components/feedback';

/**
 * A split of a session that asked for the merchant's acceptance (`capture: 'merchant_accept'`) waits,
 * once every participant has authorised, until the business accepts it (docs/dashboard.md, "Accepting
 * an order"). The list and the detail both carry `awaiting_merchant` on such an order only.
 */
export const awaitingAcceptance = (split: Pick<SplitSummary | SplitDetail, 'status' | 'awaiting_merchant'>) =>
  split.status === 'pending' && split.awaiting_merchant === true;

/** An order's status as the orders list and the order page show it: waiting for the business, or the split's status. */
export function OrderStatusChip(props: { split: Pick<SplitSummary | SplitDetail, 'status' | 'awaiting_merchant'> }) {
  return awaitingAcceptance(props.split) ? (
    <StatusChip status="awaiting_merchant" label="Waiting for your acceptance" />
  ) : (
    <StatusChip status={props.split.status} />
  );
}
