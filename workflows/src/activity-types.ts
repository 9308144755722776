/**
 * The activity interfaces workflows call. Workflows may not import Node code, so these
 * are plain type declarations that the activities package implements (checked there).
 */
export interface SkeletonActivities {
  recordPing(message: string): Promise<string>;
}
