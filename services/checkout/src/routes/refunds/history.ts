import type { Db } from '@groupsplit/shared';
import type { RefundHistorySource } from '../checkout-sessions/presenters';

/** `split.refunds` on the session status endpoint: every refund however made, oldest first. */
export async function loadRefundHistory(db: Db, splitId: string): Promise<RefundHistorySource[]> {
  return db
    .selectFrom('split_refunds')
    .select(['id', 'amount', 'refunded', 'status', 'reason', 'actor', 'created_at'])
    .where('split_id', '=', splitId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
