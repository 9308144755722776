import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database, Db } from '../types';
import { valueByKey } from './query-helpers';

/** One row of a split's history (status changes, authorisations, refunds, support actions). */
export type SplitHistoryRow = {
  splitId: string;
  participantId?: string | null;
  kind: string;
  actor: string;
  /** Stable id of the cause; a retried activity cannot add the same row twice. */
  dedupeKey: string;
  from?: string | null;
  to?: string | null;
  detail?: Record<string, unknown>;
};

/** The `split_history` row's columns. */
export function splitHistoryValues(row: SplitHistoryRow) {
  return {
    split_id: row.splitId,
    participant_id: row.participantId ?? null,
    kind: row.kind,
    actor: row.actor,
    from_status: row.from ?? null,
    to_status: row.to ?? null,
    detail: row.detail ? JSON.stringify(row.detail) : null,
    dedupe_key: row.dedupeKey,
  };
}

/**
 * Typed queries over `split_history`, the append-only record of everything that happened to a
 * split. Written by the worker; every row has a dedupe key, so a retried write adds nothing.
 * Pass a transaction as `db` to write inside it.
 */
export class SplitHistoryRepository {
  constructor(private readonly db: Db) {}

  /** Appends a row, unless the row with its dedupe key was written already. */
  async add(row: SplitHistoryRow) {
    await this.db
      .insertInto('split_history')
      .values(splitHistoryValues(row))
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
  }

  /** Whether the row with this dedupe key was written (the cause it names already happened). */
  has(dedupeKey: string): Promise<boolean> {
    return this.any((eb) => eb('dedupe_key', '=', dedupeKey));
  }

  /** Whether the workflow ever waited for support on this split: it writes a `stuck` row when it starts to. */
  waitedForSupport(splitId: string): Promise<boolean> {
    return this.any((eb) => eb.and([eb('split_id', '=', splitId), eb('kind', '=', 'stuck')]));
  }

  /** Whether any history row matches: the one query behind has() and waitedForSupport(). */
  private async any(match: (eb: ExpressionBuilder<Database, 'split_history'>) => Expression<SqlBool>) {
    const row = await this.db.selectFrom('split_history').select('id').where(match).executeTakeFirst();
    return row !== undefined;
  }

  /** The detail of the row with this dedupe key (undefined when there is no such row). */
  async detailOf(dedupeKey: string): Promise<Record<string, unknown> | null | undefined> {
    return valueByKey(this.db, 'split_history', 'detail', { dedupe_key: dedupeKey });
  }
}
