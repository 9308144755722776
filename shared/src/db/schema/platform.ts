import type { Generated } from 'kysely';

/** Written by checkout (skeleton) through the worker's activities. */
export interface SkeletonPingsTable {
  id: Generated<string>;
  message: string;
  created_at: Generated<Date>;
}

export interface PlatformTables {
  skeleton_pings: SkeletonPingsTable;
}
