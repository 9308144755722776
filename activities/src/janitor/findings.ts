import { type Db, type JanitorFindingInput, JanitorRepository, janitorFindings } from '@groupsplit/shared';

export type Finding = JanitorFindingInput;

export const findingKey = (f: { kind: string; participantId: string | null }) => `${f.kind}:${f.participantId ?? '-'}`;

/**
 * Opens a finding, or refreshes the open one for the same split, participant and kind
 * (so a drift seen sweep after sweep is one row). Returns whether it is new.
 */
export async function recordFinding(db: Db, finding: Finding): Promise<{ id: number; isNew: boolean }> {
  const recorded = await new JanitorRepository(db).recordFinding(finding);
  if (recorded.isNew) janitorFindings.inc({ kind: finding.kind, action: finding.action });
  return recorded;
}

/** The keys of the split's open findings: a drift among them has lasted since an earlier sweep. */
export async function openFindingKeys(db: Db, splitId: string): Promise<Set<string>> {
  const open = await new JanitorRepository(db).openFindingsOfSplit(splitId);
  return new Set(open.map((row) => findingKey({ kind: row.kind, participantId: row.participant_id })));
}

/** Closes the split's open findings that this sweep no longer saw; returns how many. */
export async function resolveUnseenFindings(db: Db, splitId: string, seenKeys: Set<string>): Promise<number> {
  const repository = new JanitorRepository(db);
  const open = await repository.openFindingsOfSplit(splitId);
  const gone = open.filter((row) => !seenKeys.has(findingKey({ kind: row.kind, participantId: row.participant_id })));
  return repository.resolveFindings(
    gone.map((row) => row.id),
    'janitor',
    'no longer seen',
  );
}

/** Closes the split's open findings because support settled it by hand (an accepted resolve). */
export async function resolveFindingsBySupport(db: Db, splitId: string, actor: string, resolution: string) {
  await new JanitorRepository(db).resolveFindingsOfSplit(splitId, actor, resolution);
}
