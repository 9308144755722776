import { SplitHistoryRepository } from '@groupsplit/shared';
import type { SplitActivities } from '@groupsplit/workflows';
import type { ActivityDeps } from '../deps';

/** Rows of the split's history the workflow writes itself: support's actions and stuck notices. */
export function createHistoryActivities({ db }: ActivityDeps): Pick<SplitActivities, 'recordSplitHistory'> {
  return {
    async recordSplitHistory({ splitId, kind, actor, dedupeKey, detail }) {
      await new SplitHistoryRepository(db).add({ splitId, kind, actor, dedupeKey, detail });
    },
  };
}
