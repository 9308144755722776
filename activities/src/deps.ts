import type { Config, Db, Logger } from '@groupsplit/shared';

/** Everything an activity may touch; the worker builds it once at start-up. */
export type ActivityDeps = {
  config: Config;
  db: Db;
  logger: Logger;
};
