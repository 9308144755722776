import type { ActivityDeps } from './deps';
import { createEmailActivities } from './email';
import { createSkeletonActivities } from './skeleton';

export type { ActivityDeps } from './deps';

/** Every activity the worker registers, bound to its dependencies. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createSkeletonActivities(deps),
    ...createEmailActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
