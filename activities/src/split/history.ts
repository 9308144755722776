import { AuditLogRepository, SplitHistoryRepository } from '@groupsplit/shared';
import type { SplitActivities } from '@groupsplit/workflows';
import type { ActivityDeps } from '../deps';
import { resolveFindingsBySupport } from '../janitor/findings';

/** Rows of the split's history the workflow writes itself: stuck notices, and support's actions with their audit rows. */
export function createHistoryActivities({
  db,
}: ActivityDeps): Pick<SplitActivities, 'recordSplitHistory' | 'recordSupportAction'> {
  return {
    async recordSplitHistory({ splitId, kind, actor, dedupeKey, detail }) {
      await new SplitHistoryRepository(db).add({ splitId, kind, actor, dedupeKey, detail });
    },

    /**
     * The same record whatever sent the action (a Temporal UI or CLI Update, or a signal): the
     * audit row (role `support`, action `split.support_<action>`, before and after) and the
     * history row, in one transaction, each written once per dedupe key.
     */
    async recordSupportAction(input) {
      const { splitId, action, outcome, actor, reason, status, why, before, dedupeKey } = input;
      await db.transaction().execute(async (trx) => {
        await new AuditLogRepository(trx).record({
          merchantId: input.merchantId,
          actorUserId: null,
          actorRole: 'support',
          action: `split.support_${action}`,
          outcome,
          before: { split_id: splitId, ...before },
          after: { split_id: splitId, actor, reason, ...(status ? { status } : {}), ...(why ? { why } : {}) },
          dedupeKey,
        });
        await new SplitHistoryRepository(trx).add({
          splitId,
          kind: outcome === 'accepted' ? `support_${action}` : `support_${action}_refused`,
          actor: actor ?? 'unknown',
          dedupeKey,
          detail: { reason, status: before.status, ...(status ? { resolve_as: status } : {}), ...(why ? { why } : {}) },
        });
        if (outcome === 'accepted' && action === 'resolve' && actor)
          await resolveFindingsBySupport(trx, splitId, actor, reason ?? 'resolved by support');
      });
    },
  };
}
