import type { Config, Db, Logger, TemporalHandle } from '@groupsplit/shared';
import type { AuthorisationFeed } from './splits/authorisation-feed';

/** What the service's entry point gives createCheckoutApp. */
export type CheckoutRuntime = {
  config: Config;
  db: Db;
  logger: Logger;
  temporal: TemporalHandle;
};

/** What the routes get: the runtime and what the app owns for its lifetime (closed by its `close()`). */
export type CheckoutDeps = CheckoutRuntime & {
  /** Wakes a pay step when the workflow has recorded its authorisation (splits/authorisation-feed.ts). */
  authorisations: AuthorisationFeed;
};
