import { SplitHistoryRepository, SplitProjectionRepository } from '@groupsplit/shared';
import type { SplitActivities } from '@groupsplit/workflows';
import type { ActivityDeps } from '../deps';
import { dispatchCommittedEvents } from '../outbox';
import { recordSplitEvent } from './events';

/**
 * The merchant accept step's projection writes (docs/splits.md, "Merchant accept"). Both are local
 * steps of the split workflow, so each is safe to run again after the split moved on: the flag is
 * written only while the split is `pending`, and every row has its dedupe key.
 */
export function createMerchantAcceptActivities(
  deps: ActivityDeps,
): Pick<SplitActivities, 'markAwaitingMerchant' | 'recordMerchantAccept'> {
  const { db } = deps;
  return {
    async markAwaitingMerchant({ splitId }) {
      const eventId = await db.transaction().execute(async (trx) => {
        const projection = new SplitProjectionRepository(trx);
        // Ordered with the status writes: a split that has moved on is left as it is.
        if ((await projection.lockStatus(splitId)) !== 'pending') return null;
        if (!(await projection.setAwaitingMerchant(splitId, true))) return null;
        await new SplitHistoryRepository(trx).add({
          splitId,
          kind: 'awaiting_merchant',
          actor: 'system',
          dedupeKey: `awaiting_merchant:${splitId}`,
        });
        return recordSplitEvent(trx, splitId, 'checkout_split.authorised', `authorised:${splitId}`);
      });
      await dispatchCommittedEvents(deps, [eventId]);
    },

    async recordMerchantAccept({ splitId, actor }) {
      await db.transaction().execute(async (trx) => {
        const projection = new SplitProjectionRepository(trx);
        if ((await projection.lockStatus(splitId)) === 'pending') await projection.setAwaitingMerchant(splitId, false);
        await new SplitHistoryRepository(trx).add({
          splitId,
          kind: 'merchant_accepted',
          actor,
          dedupeKey: `merchant_accepted:${splitId}`,
        });
      });
    },
  };
}
