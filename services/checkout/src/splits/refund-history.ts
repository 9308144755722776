import { formatPounds } from '@groupsplit/shared';

/** One row of split.refunds (spec: Refund result and history), as the splits repository reads it. */
export type RefundHistorySource = {
  id: string;
  amount: number;
  refunded: number;
  status: 'in_progress' | 'complete' | 'partial';
  reason: string | null;
  actor: string;
  created_at: Date;
};

/** The session status's `split.refunds` and the split detail's `refunds` (RefundHistoryEntrySchema). */
export function presentRefund(refund: RefundHistorySource) {
  return {
    refund_id: refund.id,
    amount: formatPounds(refund.amount),
    refunded: formatPounds(refund.refunded),
    status: refund.status,
    reason: refund.reason,
    actor: refund.actor,
    created_at: refund.created_at.toISOString(),
  };
}
