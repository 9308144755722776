import type { Database } from '@groupsplit/shared';
import type { TransitionInput } from '@groupsplit/workflows';
import { type Kysely, sql } from 'kysely';

/**
 * A status change that writes no webhook event (`capturing`, `canceling`, `pending`, the
 * failures), in one statement: the split's row, the participants it moves and its history row,
 * each only if the split was at `from`. One round trip instead of the five of a transaction
 * (`BEGIN`, the row lock, the update, the history row, `COMMIT`); a statement is atomic on its own.
 * Returns whether it moved the split. When it did not (a retry, a run again after the split moved
 * on, or a split somewhere unexpected), nothing was written and the caller decides under a row lock.
 */
export async function moveSplitStatus(db: Kysely<Database>, input: TransitionInput): Promise<boolean> {
  const { splitId, from, to, actor, dedupeKey, reason, participants } = input;
  const now = new Date();
  const failed = to === 'creation_failed' || to === 'capture_failed';
  const detail = reason ? JSON.stringify({ reason }) : null;
  const result = await sql<{ moved: boolean }>`
    WITH moved AS (
      UPDATE splits SET status = ${to}, updated_at = ${now}${failed ? sql`, failure_reason = ${reason ?? null}` : sql``}
      WHERE id = ${splitId} AND status = ${from}
      RETURNING id
    ), participants AS (
      UPDATE split_participants SET status = ${participants?.to ?? 'pending'}, updated_at = ${now}
      WHERE split_id = ${splitId} AND id = ANY(${participants?.ids ?? []}::uuid[])
        AND status IN ('pending', 'authorised') AND EXISTS (SELECT 1 FROM moved)
    ), history AS (
      INSERT INTO split_history (split_id, kind, actor, from_status, to_status, detail, dedupe_key)
      SELECT id, 'status', ${actor}, ${from}, ${to}, ${detail}::jsonb, ${dedupeKey} FROM moved
      ON CONFLICT (dedupe_key) DO NOTHING
    )
    SELECT EXISTS (SELECT 1 FROM moved) AS moved`.execute(db);
  return result.rows[0]?.moved === true;
}
