import { type ExpressionBuilder, sql } from 'kysely';
import type { JanitorAction, JanitorFindingKind } from '../schema/operations';
import type { Database, Db } from '../types';
import { valueByKey } from './query-helpers';

/**
 * Which splits the janitor looks at (docs/runbook.md, "Janitor"): non-terminal ones, those that
 * finished since `recentSince`, and any that still has an open finding; of one merchant, of some
 * merchants, or only the splits named.
 */
export type JanitorCandidateScope = {
  recentSince: Date;
  merchantId?: string;
  splitIds?: string[];
};

/** A page of candidates: at most `limit`, in id order after `afterSplitId`, wrapping round to the start. */
export type JanitorCandidatePage = JanitorCandidateScope & { limit: number; afterSplitId?: string };

/** A finding as the janitor records it: one open row per split, participant and kind. */
export type JanitorFindingInput = {
  splitId: string;
  participantId: string | null;
  merchantId: string;
  mode: 'test' | 'live';
  kind: JanitorFindingKind;
  action: JanitorAction;
  splitStatus: string;
  participantStatus: string | null;
  processorStatus: string | null;
  detail: Record<string, unknown>;
};

const OPEN_STATUSES = ['pending', 'capturing', 'canceling'] as const;
const FINISHED_STATUSES = ['captured', 'partially_refunded', 'capture_failed', 'canceled'] as const;

/**
 * The reconciliation janitor's own tables, `janitor_findings` and `janitor_sweep_cursors` (one
 * cursor per merchant), and the janitor's reads of `splits` that decide what it looks at. Written
 * only by the worker (the janitor's activities and the support CLI's resolve).
 */
export class JanitorRepository {
  constructor(private readonly db: Db) {}

  private candidateCondition(scope: Pick<JanitorCandidateScope, 'recentSince'>) {
    return (eb: ExpressionBuilder<Database, 'splits'>) =>
      eb.or([
        eb('splits.status', 'in', OPEN_STATUSES),
        eb.and([eb('splits.status', 'in', FINISHED_STATUSES), eb('splits.updated_at', '>=', scope.recentSince)]),
        eb.exists(
          eb
            .selectFrom('janitor_findings as f')
            .select(sql`1`.as('one'))
            .whereRef('f.split_id', '=', 'splits.id')
            .where('f.resolved_at', 'is', null),
        ),
      ]);
  }

  private candidatesQuery(scope: JanitorCandidateScope) {
    let query = this.db.selectFrom('splits').select(['splits.id']).where(this.candidateCondition(scope));
    if (scope.merchantId) query = query.where('splits.merchant_id', '=', scope.merchantId);
    if (scope.splitIds?.length) query = query.where('splits.id', 'in', scope.splitIds);
    return query;
  }

  /**
   * At most `limit` candidates, in id order starting after `afterSplitId` and wrapping round to the
   * start, so that successive sweeps reach every candidate in turn however many there are.
   */
  async candidates(page: JanitorCandidatePage): Promise<{ id: string }[]> {
    const { afterSplitId, limit } = page;
    const after = await this.candidatesQuery(page)
      .$if(afterSplitId !== undefined, (query) => query.where('splits.id', '>', afterSplitId as string))
      .orderBy('splits.id')
      .limit(limit)
      .execute();
    if (afterSplitId === undefined || after.length === limit) return after;
    const fromStart = await this.candidatesQuery(page)
      .where('splits.id', '<=', afterSplitId)
      .orderBy('splits.id')
      .limit(limit - after.length)
      .execute();
    return [...after, ...fromStart];
  }

  /** How many candidates the scope has now: one round of a merchant's sweep examines that many. */
  async countCandidates(scope: JanitorCandidateScope): Promise<number> {
    const row = await this.db
      .selectFrom('splits')
      .select(sql<number>`count(*)::int`.as('count'))
      .where(this.candidateCondition(scope))
      .$if(scope.merchantId !== undefined, (query) =>
        query.where('splits.merchant_id', '=', scope.merchantId as string),
      )
      .$if(Boolean(scope.splitIds?.length), (query) => query.where('splits.id', 'in', scope.splitIds as string[]))
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /**
   * The merchants that have candidates, in id order after `afterMerchantId`, at most `limit`: a pass
   * of the janitor walks them page by page. `merchantIds` keeps to those merchants (tests, support).
   */
  async merchantsWithCandidates(options: {
    recentSince: Date;
    afterMerchantId?: string;
    merchantIds?: string[];
    limit: number;
  }): Promise<string[]> {
    if (options.merchantIds?.length === 0) return [];
    const rows = await this.db
      .selectFrom('splits')
      .select('splits.merchant_id')
      .distinct()
      .where(this.candidateCondition(options))
      .$if(options.afterMerchantId !== undefined, (query) =>
        query.where('splits.merchant_id', '>', options.afterMerchantId as string),
      )
      .$if(options.merchantIds !== undefined, (query) =>
        query.where('splits.merchant_id', 'in', options.merchantIds as string[]),
      )
      .orderBy('splits.merchant_id')
      .limit(options.limit)
      .execute();
    return rows.map((row) => row.merchant_id);
  }

  /** Where the last sweep of this merchant's splits stopped; undefined before its first. */
  async cursor(merchantId: string): Promise<string | undefined> {
    return valueByKey(this.db, 'janitor_sweep_cursors', 'after_split_id', { merchant_id: merchantId });
  }

  /** Kept after every split examined, so a sweep cut short carries on from there. */
  async saveCursor(merchantId: string, afterSplitId: string): Promise<void> {
    await this.db
      .insertInto('janitor_sweep_cursors')
      .values({ merchant_id: merchantId, after_split_id: afterSplitId })
      .onConflict((oc) =>
        oc.column('merchant_id').doUpdateSet({ after_split_id: afterSplitId, updated_at: new Date() }),
      )
      .execute();
  }

  /** Every merchant's cursor, for support and tests. */
  cursors() {
    return this.db.selectFrom('janitor_sweep_cursors').selectAll().orderBy('merchant_id').execute();
  }

  /** The split's open findings (kind and participant), by which the janitor knows a drift has lasted. */
  openFindingsOfSplit(splitId: string) {
    return this.db
      .selectFrom('janitor_findings')
      .selectAll()
      .where('split_id', '=', splitId)
      .where('resolved_at', 'is', null)
      .orderBy('id')
      .execute();
  }

  /** Every open finding, oldest first, of one merchant or all. */
  openFindings(merchantId?: string) {
    return this.db
      .selectFrom('janitor_findings')
      .selectAll()
      .where('resolved_at', 'is', null)
      .$if(merchantId !== undefined, (query) => query.where('merchant_id', '=', merchantId as string))
      .orderBy('first_seen_at')
      .execute();
  }

  /** Open findings by kind (the metrics gauge). */
  openFindingCountsByKind() {
    return this.db
      .selectFrom('janitor_findings')
      .select(['kind', sql<number>`count(*)::int`.as('count')])
      .where('resolved_at', 'is', null)
      .groupBy('kind')
      .execute();
  }

  /**
   * Opens a finding, or refreshes the open one for the same split, participant and kind (so a drift
   * seen sweep after sweep is one row). Returns whether it is new.
   */
  recordFinding(finding: JanitorFindingInput): Promise<{ id: number; isNew: boolean }> {
    return this.db.transaction().execute(async (trx) => {
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
      return { id: inserted.id, isNew: true };
    });
  }

  /** Closes these open findings; returns how many were still open. */
  async resolveFindings(ids: number[], resolvedBy: string, resolution: string): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db
      .updateTable('janitor_findings')
      .set({ resolved_at: new Date(), resolved_by: resolvedBy, resolution })
      .where('id', 'in', ids)
      .where('resolved_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Closes every open finding of the split (support settled it by hand). */
  async resolveFindingsOfSplit(splitId: string, resolvedBy: string, resolution: string): Promise<void> {
    await this.db
      .updateTable('janitor_findings')
      .set({ resolved_at: new Date(), resolved_by: resolvedBy, resolution })
      .where('split_id', '=', splitId)
      .where('resolved_at', 'is', null)
      .execute();
  }
}
