import { type Db, isDbReachable } from '@groupsplit/db';
import { isTemporalReachable, type TemporalHandle } from '@groupsplit/temporal';
import type { Readiness } from './service-app';

/** GET /readyz of a service that cannot answer without its database and Temporal (checkout, merchants). */
export function databaseAndTemporalReadiness(deps: { db: Db; temporal: TemporalHandle }): Readiness {
  return async () => ({
    database: await isDbReachable(deps.db),
    temporal: await isTemporalReachable(deps.temporal),
  });
}
