import {
  createProcessors,
  type Hold,
  isUuid,
  type ProcessorRefund,
  ReconcileRepository,
  refundIdForProcessorRefund,
  type TemporalHandle,
} from '@groupsplit/shared';
import {
  type BeginRefundOutcome,
  type RefundSliceOutcome,
  type RefundWorkflowInput,
  type RefundWorkflowResult,
  refundWorkflowId,
  type SplitCreation,
  type SplitWorkflowInput,
  splitWorkflowId,
} from '@groupsplit/workflows';
import { dispatchWebhookEvents } from '@groupsplit/workflows/client';
import { WorkflowNotFoundError } from '@temporalio/common';
import { requiredFlag, SupportCommandError, SupportUsageError } from '../args';
import { planReconcile, type SplitTruth } from './reconcile-plan';
import {
  type RefundRun,
  type RefundSlicesRun,
  type RefundTruth,
  refundIdsToLookUp,
  refundsFinished,
} from './reconcile-refunds';
import { configOf, parseDuration, queryWorkflowState, withTemporal } from './split-support';
import type { SupportCommand, SupportDeps } from './types';

/** `--since`: an ISO time (`2026-12-06T11:00:00Z`) or a duration back from now (`90m`, `2h`). */
export function parseSince(value: string, now = new Date()): Date {
  if (/^\d+(s|m|h|d)$/.test(value.trim())) return new Date(+now - parseDuration(value, 'since'));
  const at = new Date(value);
  if (Number.isNaN(+at)) throw new SupportUsageError('--since takes an ISO time (2026-12-06T11:00:00Z) or 90m, 2h, 1d');
  return at;
}

type TemporalClient = TemporalHandle['client'];

/**
 * Every split whose workflow ran since `since`: started or closed since then, or still running (a
 * running workflow may have moved on after the restore point whenever it started). From Temporal
 * visibility, so splits the restored database never heard of are found too; only this deployment's
 * (its task queue), as a namespace may hold another's.
 */
async function splitsTouchedSince(client: TemporalClient, since: Date, taskQueue: string): Promise<string[]> {
  const at = since.toISOString();
  const query =
    `WorkflowType="splitWorkflow" AND TaskQueue="${taskQueue}" AND ` +
    `(ExecutionStatus="Running" OR StartTime >= "${at}" OR CloseTime >= "${at}")`;
  const ids = new Set<string>();
  for await (const execution of client.workflow.list({ query })) {
    const id = execution.workflowId.replace(/^split:/, '');
    if (isUuid(id)) ids.add(id);
  }
  return [...ids].sort();
}

type History = Awaited<ReturnType<ReturnType<TemporalClient['workflow']['getHandle']>['fetchHistory']>>;
type Payload = NonNullable<
  NonNullable<NonNullable<History['events']>[number]['activityTaskCompletedEventAttributes']>['result']
>['payloads'];

/** A payload decoded through the client's codecs (payload encryption), last codec first. */
async function decoded<T>(client: TemporalClient, payloads: Payload | null | undefined): Promise<T | null> {
  const payload = payloads?.[0];
  if (!payload) return null;
  const { payloadCodecs, payloadConverter } = client.options.loadedDataConverter;
  let list = [payload];
  for (const codec of [...payloadCodecs].reverse()) list = await codec.decode(list);
  return payloadConverter.fromPayload<T>(list[0]!) ?? null;
}

/** A run's input, from its history's first event. */
function startInputOf<T>(client: TemporalClient, history: History): Promise<T | null> {
  return decoded<T>(client, history.events?.[0]?.workflowExecutionStartedEventAttributes?.input?.payloads);
}

/** A run's input, read from its history. */
async function inputOf<T>(client: TemporalClient, workflowId: string, runId?: string): Promise<T | null> {
  return startInputOf<T>(client, await client.workflow.getHandle(workflowId, runId).fetchHistory());
}

/**
 * What a refund workflow's history says of its slices (RefundSlicesRun): beginRefund's answer and each
 * refundSlice's, matched to the participant it was scheduled for. Null when it never sliced anything.
 */
async function slicesOf(client: TemporalClient, history: History): Promise<RefundSlicesRun | null> {
  const scheduled = new Map<string, { type: string; participantId: string | null }>();
  let participantIds: string[] | null = null;
  const outcomes: RefundSlicesRun['outcomes'] = new Map();
  for (const event of history.events ?? []) {
    const id = String(event.eventId);
    const started = event.activityTaskScheduledEventAttributes;
    if (started) {
      const type = started.activityType?.name ?? '';
      const input =
        type === 'refundSlice' ? await decoded<{ participantId: string }>(client, started.input?.payloads) : null;
      scheduled.set(id, { type, participantId: input?.participantId ?? null });
      continue;
    }
    const done = event.activityTaskCompletedEventAttributes;
    const failed = event.activityTaskFailedEventAttributes ?? event.activityTaskTimedOutEventAttributes;
    const of = scheduled.get(String((done ?? failed)?.scheduledEventId ?? ''));
    if (!of) continue;
    if (done && of.type === 'beginRefund') {
      const begun = await decoded<BeginRefundOutcome>(client, done.result?.payloads);
      if (begun?.kind === 'started') participantIds = begun.participantIds;
    } else if (of.type === 'refundSlice' && of.participantId) {
      const answer = done ? await decoded<RefundSliceOutcome>(client, done.result?.payloads) : null;
      outcomes.set(of.participantId, {
        outcome: answer ? answer.outcome : 'lost',
        error: answer?.error ?? null,
      });
    }
  }
  return participantIds ? { participantIds, outcomes } : null;
}

/** The split workflow's first run's input (its `creation`). */
async function creationOf(client: TemporalClient, splitId: string): Promise<SplitCreation | null> {
  const workflowId = splitWorkflowId(splitId);
  let first: { runId: string; startTime: Date } | null = null;
  for await (const execution of client.workflow.list({ query: `WorkflowId="${workflowId}"` })) {
    if (!first || execution.startTime < first.startTime) first = execution;
  }
  if (!first) return null;
  const input = await inputOf<SplitWorkflowInput>(client, workflowId, first.runId);
  return input?.creation ?? null;
}

/** A refund child workflow (`refund:<splitId>:<refundId>`): its request, its answer once closed, and when; null when Temporal has none. */
async function refundRunOf(client: TemporalClient, splitId: string, refundId: string): Promise<RefundRun | null> {
  const workflowId = refundWorkflowId(splitId, refundId);
  try {
    const handle = client.workflow.getHandle(workflowId);
    const described = await handle.describe();
    const history = await handle.fetchHistory();
    const input = await startInputOf<RefundWorkflowInput>(client, history);
    if (!input) return null;
    const closed = described.status.name !== 'RUNNING';
    let result: RefundWorkflowResult | null = null;
    if (described.status.name === 'COMPLETED') result = await handle.result();
    else if (closed) result = { kind: 'failed', refundId, message: described.status.name };
    const slices = closed ? await slicesOf(client, history) : null;
    return { input, result, startedAt: described.startTime, closedAt: described.closeTime ?? null, slices };
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return null;
    throw error;
  }
}

export const reconcileCommand: SupportCommand = {
  usage: 'reconcile --since <ISO time|90m> --actor <name> [--split <splitId>] [--dry-run]',
  summary:
    'After a database restore: rebuild every split touched since then (split status, participants, refunded ' +
    'amounts, history rows, missing webhook events with their ids) from its workflow and the processor; audited, ' +
    'safe to run again',
  async run(args, deps) {
    const sinceFlag = requiredFlag(args, 'since');
    const since = parseSince(sinceFlag);
    const actorName = requiredFlag(args, 'actor');
    const actor = `support:${actorName}`;
    const dryRun = args.flags['dry-run'] === true;
    const only = typeof args.flags.split === 'string' ? args.flags.split : null;
    if (only !== null && !isUuid(only)) throw new SupportCommandError(`Not a split id: ${only}`);
    return withTemporal(deps, (temporal) => reconcileSince(deps, temporal, { since, actor, dryRun, only }));
  },
};

async function reconcileSince(
  deps: SupportDeps,
  temporal: TemporalHandle,
  options: { since: Date; actor: string; dryRun: boolean; only: string | null },
): Promise<string> {
  const { client } = temporal;
  const started = Date.now();
  const repo = new ReconcileRepository(deps.db);
  const processors = createProcessors(configOf(deps));
  const splitIds = options.only
    ? [options.only]
    : await splitsTouchedSince(client, options.since, configOf(deps).TEMPORAL_TASK_QUEUE);
  const lines: string[] = [];
  let changed = 0;
  let unchanged = 0;
  let skipped = 0;
  const restoredEvents: string[] = [];
  for (const splitId of splitIds) {
    // A workflow no worker answers for now (a worker down, a deploy under way) is left for the next run.
    const state = await queryWorkflowState(temporal, splitId).catch((error: unknown) => {
      lines.push(
        `${splitId}: its workflow did not answer (${error instanceof Error ? error.message : String(error)}); skipped, run again`,
      );
      skipped += 1;
      return undefined;
    });
    if (state === undefined) continue;
    if (!state) {
      lines.push(`${splitId}: no workflow; skipped`);
      skipped += 1;
      continue;
    }
    const split = await repo.split(splitId);
    const creation = split ? null : await creationOf(client, splitId);
    const accountId = split?.processor_account_id ?? creation?.processorAccountId ?? null;
    const mode = split?.mode ?? creation?.mode ?? state.mode;
    const holds = new Map<string, Hold | null>();
    for (const p of state.participants) {
      if (!p.paymentIntentId || !accountId) continue;
      try {
        holds.set(p.id, await processors.forMode(mode).retrieveHold({ accountId, paymentIntentId: p.paymentIntentId }));
      } catch {
        holds.set(p.id, null);
      }
    }
    // Refunds: every refund on each paid share's charge (ours found by the refund_id in their metadata),
    // and the refund workflow of each refund the database lacks.
    const refundsInDb = split
      ? await repo.refunds(splitId)
      : { refundIds: new Set<string>(), inProgress: new Set<string>(), processorRefundIds: new Set<string>() };
    const processorRefunds = new Map<string, ProcessorRefund[]>();
    for (const p of state.participants) {
      if (!p.paymentIntentId || !accountId || (p.status !== 'captured' && p.status !== 'refunded')) continue;
      try {
        const ref = { accountId, paymentIntentId: p.paymentIntentId };
        processorRefunds.set(p.id, await processors.forMode(mode).listRefunds(ref));
      } catch (error) {
        lines.push(
          `${splitId}: note: the processor's refunds of participant ${p.id} are unreadable (${error instanceof Error ? error.message : String(error)}); run again`,
        );
      }
    }
    const runs = new Map<string, RefundRun>();
    for (const refundId of refundIdsToLookUp(state, processorRefunds, refundsInDb)) {
      const run = await refundRunOf(client, splitId, refundId);
      if (run) runs.set(refundId, run);
    }
    const refunds: RefundTruth = { processorRefunds, runs, finished: refundsFinished(state) };
    const truth: SplitTruth = { state, creation, holds, refunds };
    const refundKeys = [...runs.keys()].concat(
      [...processorRefunds.values()].flat().map((r) => r.metadata.refund_id ?? refundIdForProcessorRefund(r.id)),
    );
    const expectedKeys = [`authorised:${splitId}`, `paid:${splitId}`, `canceled:${splitId}`].concat(
      state.participants.map((p) => `authorised:${p.id}`),
      refundKeys.map((id) => `refunded:${id}`),
    );
    const inDb = {
      split,
      participants: split ? await repo.participants(splitId) : [],
      history: split ? await repo.history(splitId) : [],
      eventKeys: await repo.eventKeys(expectedKeys),
      refunds: refundsInDb,
    };
    const { plan, changes, notes } = planReconcile(truth, inDb, options.actor, options.since);
    for (const note of notes) lines.push(`${splitId}: note: ${note}`);
    if (!plan) {
      unchanged += 1;
      continue;
    }
    if (!options.dryRun) {
      await repo.apply(plan);
      // Delivered now rather than at the next sweep; the merchant dedupes on the (unchanged) event id.
      restoredEvents.push(...plan.events.map((e) => e.id));
    }
    changed += 1;
    lines.push(`${splitId}: ${options.dryRun ? 'would change' : 'changed'} (${state.status}):`);
    for (const change of changes) lines.push(`  ${change}`);
  }
  if (restoredEvents.length > 0) {
    await dispatchWebhookEvents(deps.db, client, configOf(deps), restoredEvents);
    lines.push(`Webhook events put back and dispatched: ${restoredEvents.length}`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  lines.push(
    `Reconciled ${splitIds.length} splits touched since ${options.since.toISOString()}${options.dryRun ? ' (dry run: nothing written)' : ''}: ` +
      `${changed} ${options.dryRun ? 'to change' : 'changed'}, ${unchanged} unchanged, ${skipped} skipped, in ${seconds} s.`,
  );
  return lines.join('\n');
}
