import type { Database } from '@groupsplit/shared';
import type { Kysely } from 'kysely';

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

export async function addSplitHistory(db: Kysely<Database>, row: SplitHistoryRow) {
  await db
    .insertInto('split_history')
    .values(splitHistoryValues(row))
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/** Whether the row with this dedupe key was written (the cause it names already happened). */
export async function hasSplitHistory(db: Kysely<Database>, dedupeKey: string): Promise<boolean> {
  const row = await db.selectFrom('split_history').select('id').where('dedupe_key', '=', dedupeKey).executeTakeFirst();
  return row !== undefined;
}
