import type { Config, Db, Logger, TemporalHandle } from '@groupsplit/shared';

export type CheckoutDeps = {
  config: Config;
  db: Db;
  logger: Logger;
  temporal: TemporalHandle;
};
