import {
  createProcessors,
  type Db,
  type Hold,
  janitorSweeps,
  type Processors,
  withLogContext,
} from '@groupsplit/shared';
import {
  cancelSplitUpdate,
  type JanitorActivities,
  type JanitorSweepInput,
  type JanitorSweepResult,
  participantAuthorisedSignal,
  type SplitWorkflowState,
  splitWorkflowId,
  stateQuery,
} from '@groupsplit/workflows';
import { Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import { sql } from 'kysely';
import type { ActivityDeps } from '../deps';
import { classifyDrift } from './drift';
import { type Finding, findingKey, recordFinding, resolveUnseenFindings } from './findings';

const DEFAULT_RECENT_MS = 2 * 24 * 60 * 60 * 1000;
const MAX_SPLITS_PER_SWEEP = 1000;
export const JANITOR_ACTOR = 'janitor';

type SplitRow = {
  id: string;
  merchant_id: string;
  mode: 'test' | 'live';
  status: string;
  processor_account_id: string;
};
type ParticipantRow = { id: string; status: string; processor_payment_intent_id: string | null };

/** Non-terminal splits, recently finished ones, and any split that still has an open finding. */
async function candidateSplits(db: Db, input: JanitorSweepInput, now: Date): Promise<SplitRow[]> {
  const recentSince = new Date(+now - (input.recentWithinMs ?? DEFAULT_RECENT_MS));
  let query = db
    .selectFrom('splits')
    .select(['id', 'merchant_id', 'mode', 'status', 'processor_account_id'])
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['pending', 'capturing', 'canceling']),
        eb.and([
          eb('status', 'in', ['captured', 'partially_refunded', 'capture_failed', 'canceled']),
          eb('updated_at', '>=', recentSince),
        ]),
        eb.exists(
          eb
            .selectFrom('janitor_findings as f')
            .select(sql`1`.as('one'))
            .whereRef('f.split_id', '=', 'splits.id')
            .where('f.resolved_at', 'is', null),
        ),
      ]),
    );
  if (input.merchantId) query = query.where('merchant_id', '=', input.merchantId);
  if (input.splitIds?.length) query = query.where('id', 'in', input.splitIds);
  return query.orderBy('updated_at', 'asc').limit(MAX_SPLITS_PER_SWEEP).execute();
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
export function createJanitorActivities({ config, db, logger }: ActivityDeps): JanitorActivities {
  const processors: Processors = createProcessors(config, { logger });
  const log = logger.child({ component: 'janitor' });

  async function workflowState(client: Client, splitId: string): Promise<SplitWorkflowState | null> {
    try {
      return await client.workflow.getHandle(splitWorkflowId(splitId)).query(stateQuery);
    } catch {
      return null;
    }
  }

  async function act(client: Client, finding: Finding): Promise<Finding> {
    const handle = client.workflow.getHandle(splitWorkflowId(finding.splitId));
    if (finding.kind === 'authorisation_missed' && finding.participantId) {
      await handle.signal(participantAuthorisedSignal, { participantId: finding.participantId, source: JANITOR_ACTOR });
      return { ...finding, action: 'signalled_authorisation' };
    }
    if (finding.kind === 'hold_lapsed' && finding.splitStatus === 'pending') {
      const outcome = await handle.executeUpdate(cancelSplitUpdate, { args: [{ actor: JANITOR_ACTOR }] });
      return { ...finding, action: 'signalled_cancel', detail: { ...finding.detail, cancel: outcome } };
    }
    return finding;
  }

  async function sweepSplit(client: Client, split: SplitRow, now: Date, result: JanitorSweepResult) {
    const participants: ParticipantRow[] = await db
      .selectFrom('split_participants')
      .select(['id', 'status', 'processor_payment_intent_id'])
      .where('split_id', '=', split.id)
      .orderBy('position')
      .execute();
    const found: Finding[] = [];
    let complete = true;
    const base = { splitId: split.id, merchantId: split.merchant_id, mode: split.mode, splitStatus: split.status };

    if (split.status === 'capturing' || split.status === 'canceling') {
      const state = await workflowState(client, split.id);
      if (!state) {
        complete = false;
        result.errors++;
      } else if (state.stuck) {
        found.push({
          ...base,
          participantId: null,
          kind: 'stuck',
          action: 'flagged',
          participantStatus: null,
          processorStatus: null,
          detail: { stage: state.stuck.stage, error: state.stuck.error, since: state.stuck.since },
        });
      }
    }

    const processor = processors.forMode(split.mode);
    for (const participant of participants) {
      if (!participant.processor_payment_intent_id) continue;
      let hold: Hold;
      try {
        hold = await processor.retrieveHold({
          accountId: split.processor_account_id,
          paymentIntentId: participant.processor_payment_intent_id,
        });
      } catch (error) {
        complete = false;
        result.errors++;
        log.warn({ participantId: participant.id, err: error }, 'janitor could not read a PaymentIntent');
        continue;
      }
      const kind = classifyDrift(split, participant, hold, now);
      if (!kind) continue;
      found.push({
        ...base,
        participantId: participant.id,
        kind,
        action: 'flagged',
        participantStatus: participant.status,
        processorStatus: hold.status,
        detail: {
          payment_intent_id: hold.id,
          capture_before: hold.captureBefore,
          amount: hold.amount,
          amount_received: hold.amountReceived,
          cancellation_reason: hold.cancellationReason,
        },
      });
    }

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
    if (complete) result.resolved += await resolveUnseenFindings(db, split.id, new Set(found.map(findingKey)));
  }

  return {
    async reconcileSplits(input) {
      const now = new Date();
      const client = Context.current().client;
      const result: JanitorSweepResult = { examined: 0, findings: 0, signalled: 0, resolved: 0, errors: 0 };
      try {
        for (const split of await candidateSplits(db, input, now)) {
          Context.current().heartbeat(split.id);
          await withLogContext({ splitId: split.id, workflowId: splitWorkflowId(split.id) }, () =>
            sweepSplit(client, split, now, result),
          );
          result.examined++;
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
