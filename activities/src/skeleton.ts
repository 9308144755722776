import type { SkeletonActivities } from '@groupsplit/workflows';
import type { ActivityDeps } from './deps';

export function createSkeletonActivities({ db }: ActivityDeps): SkeletonActivities {
  return {
    async recordPing(message) {
      const row = await db.insertInto('skeleton_pings').values({ message }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
