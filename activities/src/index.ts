import type { ActivityDeps } from './deps';
import { createSkeletonActivities } from './skeleton';

export type { ActivityDeps } from './deps';

/** Every activity the worker registers, bound to its dependencies. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createSkeletonActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
