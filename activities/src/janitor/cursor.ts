import type { Db } from '@groupsplit/shared';
import type { JanitorSweepInput } from '@groupsplit/workflows';

/**
 * Where a sweep of this scope stopped, so the next carries on after it: `all` for the schedule's
 * sweep, `merchant:<id>` for one limited to a business. A sweep over named splits has none: it
 * looks at those splits only, from the first.
 */
export function sweepScope(input: Pick<JanitorSweepInput, 'merchantId' | 'splitIds'>): string | null {
  if (input.splitIds?.length) return null;
  return input.merchantId ? `merchant:${input.merchantId}` : 'all';
}

export async function readSweepCursor(db: Db, scope: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('janitor_sweep_cursors')
    .select('after_split_id')
    .where('scope', '=', scope)
    .executeTakeFirst();
  return row?.after_split_id;
}

export async function saveSweepCursor(db: Db, scope: string, afterSplitId: string): Promise<void> {
  await db
    .insertInto('janitor_sweep_cursors')
    .values({ scope, after_split_id: afterSplitId })
    .onConflict((oc) => oc.column('scope').doUpdateSet({ after_split_id: afterSplitId, updated_at: new Date() }))
    .execute();
}
