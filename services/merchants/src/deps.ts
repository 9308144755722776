import type { Config, Db, Logger, TemporalHandle } from '@groupsplit/shared';

export type MerchantsDeps = {
  config: Config;
  db: Db;
  logger: Logger;
  /** Mail is sent by a workflow so that failures are retried; the merchants service starts it. */
  temporal: TemporalHandle;
};
