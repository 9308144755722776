import type { Db } from '@groupsplit/shared';
import { janitorFindings } from '@groupsplit/shared';

type FindingKind = 'hold_lapsed' | 'captured_in_dashboard' | 'authorisation_missed' | 'capture_missing' | 'stuck';
type FindingAction = 'signalled_cancel' | 'signalled_authorisation' | 'flagged';

export type Finding = {
  splitId: string;
  participantId: string | null;
  merchantId: string;
  mode: 'test' | 'live';
  kind: FindingKind;
  action: FindingAction;
  splitStatus: string;
  participantStatus: string | null;
  processorStatus: string | null;
  detail: Record<string, unknown>;
};

export const findingKey = (f: { kind: string; participantId: string | null }) => `${f.kind}:${f.participantId ?? '-'}`;

/**
 * Opens a finding, or refreshes the open one for the same split, participant and kind
 * (so a drift seen every 15 minutes is one row). Returns whether it is new.
 */
export async function recordFinding(db: Db, finding: Finding): Promise<{ id: number; isNew: boolean }> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('janitor_findings')
      .select(['id', 'action'])
      .where('split_id', '=', finding.splitId)
      .where('kind', '=', finding.kind)
      .where('resolved_at', 'is', null)
      .forUpdate();
    query =
      finding.participantId === null
        ? query.where('participant_id', 'is', null)
        : query.where('participant_id', '=', finding.participantId);
    const open = await query.executeTakeFirst();
    const seen = {
      split_status: finding.splitStatus,
      participant_status: finding.participantStatus,
      processor_status: finding.processorStatus,
      detail: JSON.stringify(finding.detail),
      last_seen_at: new Date(),
    };
    if (open) {
      // Once the workflow has been signalled, the finding keeps saying so.
      const action = open.action === 'flagged' ? finding.action : open.action;
      await trx
        .updateTable('janitor_findings')
        .set({ ...seen, action })
        .where('id', '=', open.id)
        .execute();
      return { id: open.id, isNew: false };
    }
    const inserted = await trx
      .insertInto('janitor_findings')
      .values({
        split_id: finding.splitId,
        participant_id: finding.participantId,
        merchant_id: finding.merchantId,
        mode: finding.mode,
        kind: finding.kind,
        action: finding.action,
        ...seen,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    janitorFindings.inc({ kind: finding.kind, action: finding.action });
    return { id: inserted.id, isNew: true };
  });
}

/** Closes the split's open findings that this sweep no longer saw; returns how many. */
export async function resolveUnseenFindings(db: Db, splitId: string, seenKeys: Set<string>): Promise<number> {
  const open = await db
    .selectFrom('janitor_findings')
    .select(['id', 'kind', 'participant_id'])
    .where('split_id', '=', splitId)
    .where('resolved_at', 'is', null)
    .execute();
  const gone = open.filter((row) => !seenKeys.has(findingKey({ kind: row.kind, participantId: row.participant_id })));
  if (gone.length === 0) return 0;
  await db
    .updateTable('janitor_findings')
    .set({ resolved_at: new Date(), resolved_by: 'janitor', resolution: 'no longer seen' })
    .where(
      'id',
      'in',
      gone.map((row) => row.id),
    )
    .where('resolved_at', 'is', null)
    .execute();
  return gone.length;
}

/** Closes the split's open findings because support settled it by hand (an accepted resolve). */
export async function resolveFindingsBySupport(db: Db, splitId: string, actor: string, resolution: string) {
  await db
    .updateTable('janitor_findings')
    .set({ resolved_at: new Date(), resolved_by: actor, resolution })
    .where('split_id', '=', splitId)
    .where('resolved_at', 'is', null)
    .execute();
}
