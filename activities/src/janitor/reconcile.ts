import {
  createProcessors,
  JanitorRepository,
  janitorSweeps,
  type Processors,
  withLogContext,
} from '@groupsplit/shared';
import {
  cancelSplitUpdate,
  type JanitorActivities,
  type JanitorMerchantSweepResult,
  type JanitorSweepInput,
  type JanitorSweepResult,
  participantAuthorisedSignal,
  splitWorkflowId,
} from '@groupsplit/workflows';
import { askWhileTaskRetries } from '@groupsplit/workflows/client';
import { Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import type { ActivityDeps } from '../deps';
import { type Finding, findingKey, openFindingKeys, recordFinding, resolveUnseenFindings } from './findings';
import { readUntilSettled, type SettleOptions } from './in-flight';
import { observeSplit } from './observe';
import { type AccountPacer, createAccountPacer } from './pace';

const DEFAULT_RECENT_MS = 2 * 24 * 60 * 60 * 1000;
export const JANITOR_ACTOR = 'janitor';

const recentSince = (now: Date, recentWithinMs: number | undefined) =>
  new Date(+now - (recentWithinMs ?? DEFAULT_RECENT_MS));

export type JanitorOptions = SettleOptions & {
  /** Paces reads per connected account; one per worker process (JANITOR_READS_PER_SECOND_PER_ACCOUNT). */
  pace?: AccountPacer;
};

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
export function createJanitor({ config, db, logger }: ActivityDeps, options: JanitorOptions = {}) {
  const { pace = createAccountPacer(config.JANITOR_READS_PER_SECOND_PER_ACCOUNT), ...settle } = options;
  const processors: Processors = createProcessors(config, { logger });
  const log = logger.child({ component: 'janitor' });
  const repository = new JanitorRepository(db);

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
    const alreadyOpen = await openFindingKeys(db, splitId);
    // A drift already open from an earlier sweep has lasted; a new one is read again briefly,
    // in case it is a transition the workflow is recording right now.
    const settled = await readUntilSettled(
      () => observeSplit({ db, processors, log, client, pace }, splitId, now),
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

  /**
   * Examines `splits` in turn; with a merchant, keeps its cursor after each, so a sweep cut short
   * (a worker restart, the activity's timeout) and its retry, or the next sweep, carry on from there.
   */
  async function examine(
    client: Client,
    splits: { id: string }[],
    now: Date,
    cursorOf: string | undefined,
    onSplit: (splitId: string) => void,
  ): Promise<JanitorSweepResult> {
    const result: JanitorSweepResult = { examined: 0, findings: 0, signalled: 0, resolved: 0, errors: 0 };
    try {
      for (const split of splits) {
        onSplit(split.id);
        await withLogContext({ splitId: split.id, workflowId: splitWorkflowId(split.id) }, () =>
          sweepSplit(client, split.id, now, result),
        );
        result.examined++;
        if (cursorOf) await repository.saveCursor(cursorOf, split.id);
      }
    } catch (error) {
      janitorSweeps.inc({ outcome: 'failed' });
      throw error;
    }
    janitorSweeps.inc({ outcome: 'completed' });
    log.info({ ...result, merchantId: cursorOf }, 'janitor sweep finished');
    return result;
  }

  return {
    /**
     * One sweep over the candidate splits: the named ones, or at most JANITOR_SPLITS_PER_SWEEP of one
     * merchant's from its cursor (or of everyone's from the first, without a merchant). `onSplit` is
     * told each split before it is examined.
     */
    async sweep(client: Client, input: JanitorSweepInput, onSplit: (splitId: string) => void = () => {}) {
      const now = new Date();
      const cursorOf = input.splitIds?.length ? undefined : input.merchantId;
      const candidates = await repository.candidates({
        recentSince: recentSince(now, input.recentWithinMs),
        merchantId: input.merchantId,
        splitIds: input.splitIds,
        limit: config.JANITOR_SPLITS_PER_SWEEP,
        afterSplitId: cursorOf ? await repository.cursor(cursorOf) : undefined,
      });
      return examine(client, candidates, now, cursorOf, onSplit);
    },

    /**
     * One merchant's part of a pass: the first counts the merchant's candidates (the pass examines
     * each once), each examines at most JANITOR_SPLITS_PER_SWEEP of them from the merchant's cursor
     * and says how many the pass still has to examine.
     */
    async sweepMerchant(
      client: Client,
      input: { merchantId: string; remaining?: number; recentWithinMs?: number },
      onSplit: (splitId: string) => void = () => {},
    ): Promise<JanitorMerchantSweepResult> {
      const now = new Date();
      const scope = { recentSince: recentSince(now, input.recentWithinMs), merchantId: input.merchantId };
      const remaining = input.remaining ?? (await repository.countCandidates(scope));
      const limit = Math.min(config.JANITOR_SPLITS_PER_SWEEP, remaining);
      const candidates =
        limit > 0
          ? await repository.candidates({ ...scope, limit, afterSplitId: await repository.cursor(input.merchantId) })
          : [];
      const result = await examine(client, candidates, now, input.merchantId, onSplit);
      // Fewer candidates than asked for: the merchant has none left to examine in this pass.
      const left = candidates.length < limit ? 0 : remaining - result.examined;
      return { ...result, remaining: left };
    },

    /** The merchants with candidates after `afterMerchantId`, for a pass. */
    async merchants(input: {
      afterMerchantId?: string;
      merchantIds?: string[];
      limit: number;
      recentWithinMs?: number;
    }) {
      return repository.merchantsWithCandidates({
        recentSince: recentSince(new Date(), input.recentWithinMs),
        afterMerchantId: input.afterMerchantId,
        merchantIds: input.merchantIds,
        limit: input.limit,
      });
    },
  };
}

/** The janitor as the worker's activities: Temporal's client, a heartbeat per split, one pacer for all. */
export function createJanitorActivities(deps: ActivityDeps): JanitorActivities {
  const janitor = createJanitor(deps);
  const heartbeat = (splitId: string) => Context.current().heartbeat(splitId);
  return {
    reconcileSplits: (input) => janitor.sweep(Context.current().client, input, heartbeat),
    reconcileMerchant: (input) => janitor.sweepMerchant(Context.current().client, input, heartbeat),
    janitorMerchants: async (input) => {
      const merchantIds = await janitor.merchants(input);
      // A pass with nothing to look at is a completed sweep too (the not-running alert counts them).
      if (merchantIds.length === 0 && input.afterMerchantId === undefined) janitorSweeps.inc({ outcome: 'completed' });
      return { merchantIds, merchantsAtOnce: deps.config.JANITOR_MERCHANTS_AT_ONCE };
    },
  };
}
