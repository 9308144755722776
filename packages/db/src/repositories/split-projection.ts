import { type Insertable, sql } from 'kysely';
import type { ParticipantStatus, SplitParticipantsTable, SplitStatus, SplitsTable } from '../schema/splits';
import type { Db } from '../types';
import { updateByKey } from './query-helpers';
import { type SplitHistoryRow, splitHistoryValues } from './split-history';

/** A status change of a split, as the split workflow asks for it. */
export type StatusMove = {
  splitId: string;
  from: SplitStatus;
  to: SplitStatus;
  actor: string;
  /** The transition's history row's dedupe key: a from → to pair happens once per split. */
  dedupeKey: string;
  reason?: string;
  /** Also move these participants (only rows still holding money move). */
  participants?: { ids: string[]; to: ParticipantStatus };
};

const isFailure = (to: SplitStatus) => to === 'creation_failed' || to === 'capture_failed';

/**
 * The split workflow's writes to `splits` (its projection: the split's row and status). The
 * workflow is the only writer of a split's status; its activities write it through here.
 * Pass a transaction as `db` to write inside it.
 */
export class SplitProjectionRepository {
  constructor(private readonly db: Db) {}

  /**
   * The split, its shares and its `opened` history row in one statement (one round trip, atomic).
   * Each insert does nothing when its row exists, so a retried step changes nothing.
   */
  async open(split: Insertable<SplitsTable>, shares: Insertable<SplitParticipantsTable>[], opened: SplitHistoryRow) {
    await this.db
      .with('opened', (qb) =>
        qb
          .insertInto('splits')
          .values(split)
          .onConflict((oc) => oc.column('id').doNothing())
          .returning('id'),
      )
      .with('shares', (qb) =>
        qb
          .insertInto('split_participants')
          .values(shares)
          .onConflict((oc) => oc.column('id').doNothing())
          .returning('id'),
      )
      .insertInto('split_history')
      .values(splitHistoryValues(opened))
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
  }

  /**
   * A status change in one statement: the split's row, the participants it moves and its history
   * row, each only if the split was at `from`. One round trip instead of the five of a transaction
   * (`BEGIN`, the row lock, the update, the history row, `COMMIT`); a statement is atomic on its own.
   * Returns whether it moved the split; when it did not, nothing was written.
   */
  async moveIfAt(move: StatusMove): Promise<boolean> {
    const { splitId, from, to, actor, dedupeKey, reason, participants } = move;
    const now = new Date();
    const detail = reason ? JSON.stringify({ reason }) : null;
    const result = await sql<{ moved: boolean }>`
      WITH moved AS (
        UPDATE splits SET status = ${to}, updated_at = ${now}${isFailure(to) ? sql`, failure_reason = ${reason ?? null}` : sql``}
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
      SELECT EXISTS (SELECT 1 FROM moved) AS moved`.execute(this.db);
    return result.rows[0]?.moved === true;
  }

  /** The split's status, its row locked until the transaction ends; undefined when there is no such split. */
  async lockStatus(splitId: string): Promise<SplitStatus | undefined> {
    const row = await this.db
      .selectFrom('splits')
      .select('status')
      .where('id', '=', splitId)
      .forUpdate()
      .executeTakeFirst();
    return row?.status;
  }

  /** The split's status (creating splits included); undefined when there is no such split. */
  async statusOf(splitId: string): Promise<SplitStatus | undefined> {
    const row = await this.db.selectFrom('splits').select('status').where('id', '=', splitId).executeTakeFirst();
    return row?.status;
  }

  /** The move's writes, for a caller holding the row lock: the split, the participants it moves, its history row. */
  async move(move: StatusMove) {
    const { splitId, from, to, actor, dedupeKey, reason, participants } = move;
    await this.db
      .updateTable('splits')
      .set({ status: to, updated_at: new Date(), ...(isFailure(to) ? { failure_reason: reason ?? null } : {}) })
      .where('id', '=', splitId)
      .execute();
    if (participants && participants.ids.length > 0) {
      await this.db
        .updateTable('split_participants')
        .set({ status: participants.to, updated_at: new Date() })
        .where('split_id', '=', splitId)
        .where('id', 'in', participants.ids)
        .where('status', 'in', ['pending', 'authorised'])
        .execute();
    }
    await this.db
      .insertInto('split_history')
      .values(
        splitHistoryValues({
          splitId,
          kind: 'status',
          actor,
          dedupeKey,
          from,
          to,
          detail: reason ? { reason } : undefined,
        }),
      )
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
  }

  /** `capturing` → `captured`, only from `capturing`; returns whether it moved the split. */
  async markCaptured(splitId: string): Promise<boolean> {
    const moved = await updateByKey(
      this.db,
      'splits',
      { id: splitId, status: 'capturing' },
      { status: 'captured', updated_at: new Date() },
    )
      .returning('id')
      .executeTakeFirst();
    return moved !== undefined;
  }

  /** The split's row, locked until the transaction ends (orders refunds and syncs against each other). */
  lock(splitId: string) {
    return this.db.selectFrom('splits').selectAll().where('id', '=', splitId).forUpdate().executeTakeFirst();
  }

  /** A status a refund settled (its history row is the caller's). */
  async setStatus(splitId: string, to: SplitStatus) {
    await this.db.updateTable('splits').set({ status: to, updated_at: new Date() }).where('id', '=', splitId).execute();
  }

  /** `disputed_at` on the split, first dispute wins. */
  async markDisputed(splitId: string, now: Date) {
    await this.db
      .updateTable('splits')
      .set((eb) => ({ disputed_at: eb.fn.coalesce('disputed_at', eb.val(now)), updated_at: now }))
      .where('id', '=', splitId)
      .execute();
  }

  /**
   * The merchant accept step's flag (docs/splits.md, "Merchant accept"), only on a split that uses it
   * (awaiting_merchant not null) and is `pending`; returns whether it was written.
   */
  async setAwaitingMerchant(splitId: string, awaiting: boolean): Promise<boolean> {
    const written = await updateByKey(
      this.db,
      'splits',
      { id: splitId, status: 'pending' },
      { awaiting_merchant: awaiting, updated_at: new Date() },
    )
      .where('awaiting_merchant', 'is not', null)
      .returning('id')
      .executeTakeFirst();
    return written !== undefined;
  }

  /** The split and its participants as they are now (in the caller's transaction, after its change), for its events. */
  async forEvent(splitId: string) {
    const split = await this.db.selectFrom('splits').selectAll().where('id', '=', splitId).executeTakeFirstOrThrow();
    const participants = await this.db
      .selectFrom('split_participants')
      .select(['id', 'email', 'amount', 'status', 'refunded_amount'])
      .where('split_id', '=', splitId)
      .orderBy('position')
      .execute();
    return { split, participants };
  }
}
