import {
  createProcessors,
  type Db,
  janitorSweeps,
  type Processors,
  SplitOperationsRepository,
  withLogContext,
} from '@groupsplit/shared';
import {
  cancelSplitUpdate,
  type JanitorActivities,
  type JanitorSweepInput,
  type JanitorSweepResult,
  participantAuthorisedSignal,
  splitWorkflowId,
} from '@groupsplit/workflows';
import { askWhileTaskRetries } from '@groupsplit/workflows/client';
import { Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import type { ActivityDeps } from '../deps';
import { readSweepCursor, saveSweepCursor, sweepScope } from './cursor';
import { type Finding, findingKey, recordFinding, resolveUnseenFindings } from './findings';
import { readUntilSettled, type SettleOptions } from './in-flight';
import { observeSplit } from './observe';

const DEFAULT_RECENT_MS = 2 * 24 * 60 * 60 * 1000;
export const JANITOR_ACTOR = 'janitor';

/** Non-terminal splits, recently finished ones, and any split that still has an open finding. */
function candidateSplits(db: Db, input: JanitorSweepInput, now: Date, page: { limit: number; afterSplitId?: string }) {
  return new SplitOperationsRepository(db).janitorCandidates({
    recentSince: new Date(+now - (input.recentWithinMs ?? DEFAULT_RECENT_MS)),
    merchantId: input.merchantId,
    splitIds: input.splitIds,
    ...page,
  });
}

/**
 * The reconciliation janitor. It compares each candidate split's participants with their
 * PaymentIntents and records every disagreement in janitor_findings. It never writes a split
 * or participant row itself: the split workflow is the only writer, so the fixes it makes are
 * signals to that workflow, and only where the workflow would reach the same result by itself
 * (see docs/runbook.md, "Janitor"):
 *  - authorisation_missed on a pending split: the participantAuthorised signal (the workflow
 *    re-checks the hold with the processor before counting it);
 *  - hold_lapsed on a pending split: the cancel update (a split with a dead hold can never be
 *    captured in full; the workflow's own expiry would cancel it too).
 * Everything else is flagged for support.
 */
export function createJanitor({ config, db, logger }: ActivityDeps, settle: SettleOptions = {}) {
  const processors: Processors = createProcessors(config, { logger });
  const log = logger.child({ component: 'janitor' });

  async function act(client: Client, finding: Finding): Promise<Finding> {
    const handle = client.workflow.getHandle(splitWorkflowId(finding.splitId));
    if (finding.kind === 'authorisation_missed' && finding.participantId) {
      await handle.signal(participantAuthorisedSignal, { participantId: finding.participantId, source: JANITOR_ACTOR });
      return { ...finding, action: 'signalled_authorisation' };
    }
    if (finding.kind === 'hold_lapsed' && finding.splitStatus === 'pending') {
      const outcome = await askWhileTaskRetries(() =>
        handle.executeUpdate(cancelSplitUpdate, { args: [{ actor: JANITOR_ACTOR }] }),
      );
      return { ...finding, action: 'signalled_cancel', detail: { ...finding.detail, cancel: outcome } };
    }
    return finding;
  }

  async function sweepSplit(client: Client, splitId: string, now: Date, result: JanitorSweepResult) {
    const alreadyOpen = new Set(
      (
        await db
          .selectFrom('janitor_findings')
          .select(['kind', 'participant_id'])
          .where('split_id', '=', splitId)
          .where('resolved_at', 'is', null)
          .execute()
      ).map((row) => findingKey({ kind: row.kind, participantId: row.participant_id })),
    );
    // A drift already open from an earlier sweep has lasted; a new one is read again briefly,
    // in case it is a transition the workflow is recording right now.
    const settled = await readUntilSettled(
      () => observeSplit({ db, processors, log, client }, splitId, now),
      (seen) =>
        new Map(
          (seen?.findings ?? [])
            .filter((f) => f.participantId !== null && !alreadyOpen.has(findingKey(f)))
            .map((f) => [findingKey(f), f.kind]),
        ),
      settle,
    );
    const observation = settled.reading;
    if (!observation) return;
    result.errors += observation.errors;
    const found = observation.findings.filter((f) => !settled.passed.has(findingKey(f)));
    // Without every hold read, or with a share in flight, absence proves nothing: nothing is resolved.
    const complete = observation.errors === 0 && observation.moving.length === 0;

    // One cancel per split is enough, however many of its holds lapsed.
    let cancelled = false;
    for (const finding of found) {
      let acted = finding;
      const isCancel = finding.kind === 'hold_lapsed' && finding.splitStatus === 'pending';
      if (!(isCancel && cancelled)) {
        try {
          acted = await act(client, finding);
        } catch (error) {
          result.errors++;
          log.error({ participantId: finding.participantId, kind: finding.kind, err: error }, 'janitor signal failed');
        }
      }
      if (acted.action === 'signalled_cancel') cancelled = true;
      if (acted.action !== 'flagged') result.signalled++;
      const { isNew } = await recordFinding(db, acted);
      result.findings++;
      log.warn(
        {
          participantId: acted.participantId,
          kind: acted.kind,
          action: acted.action,
          splitStatus: acted.splitStatus,
          participantStatus: acted.participantStatus,
          processorStatus: acted.processorStatus,
          isNew,
        },
        `janitor finding: ${acted.kind}`,
      );
    }
    if (complete) result.resolved += await resolveUnseenFindings(db, splitId, new Set(found.map(findingKey)));
  }

  return {
    /** One sweep over the candidate splits; `onSplit` is told each split before it is examined. */
    async sweep(client: Client, input: JanitorSweepInput, onSplit: (splitId: string) => void = () => {}) {
      const now = new Date();
      const result: JanitorSweepResult = { examined: 0, findings: 0, signalled: 0, resolved: 0, errors: 0 };
      const scope = sweepScope(input);
      try {
        const candidates = await candidateSplits(db, input, now, {
          limit: config.JANITOR_SPLITS_PER_SWEEP,
          afterSplitId: scope ? await readSweepCursor(db, scope) : undefined,
        });
        for (const split of candidates) {
          onSplit(split.id);
          await withLogContext({ splitId: split.id, workflowId: splitWorkflowId(split.id) }, () =>
            sweepSplit(client, split.id, now, result),
          );
          result.examined++;
          // Kept after every split: a sweep cut short (a worker restart, the activity's timeout)
          // and its retry, or the next sweep, carry on from here rather than from the same start.
          if (scope) await saveSweepCursor(db, scope, split.id);
        }
      } catch (error) {
        janitorSweeps.inc({ outcome: 'failed' });
        throw error;
      }
      janitorSweeps.inc({ outcome: 'completed' });
      log.info({ ...result }, 'janitor sweep finished');
      return result;
    },
  };
}

/** The janitor as the worker's activity: Temporal's client, and a heartbeat per split. */
export function createJanitorActivities(deps: ActivityDeps): JanitorActivities {
  const janitor = createJanitor(deps);
  return {
    reconcileSplits: (input) =>
      janitor.sweep(Context.current().client, input, (splitId) => Context.current().heartbeat(splitId)),
  };
}
