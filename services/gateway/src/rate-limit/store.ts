import type { Db } from '@groupsplit/shared';
import { CompiledQuery } from 'kysely';

type PgLikeResult = { rows: unknown[]; rowCount: number };

/**
 * rate-limiter-flexible's Postgres limiter wants a `pg` pool; this hands it the
 * gateway's own Kysely connection pool instead of opening a second one.
 */
export function kyselyStoreClient(db: Db) {
  return {
    async query(query: { text: string; values?: unknown[] }): Promise<PgLikeResult> {
      const result = await db.executeQuery(CompiledQuery.raw(query.text, query.values ?? []));
      const affected = Number(result.numAffectedRows ?? 0);
      return { rows: result.rows as unknown[], rowCount: result.rows.length || affected };
    },
  };
}
