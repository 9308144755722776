import {
  createProcessors,
  type Hold,
  isUuid,
  type ProcessorRefund,
  ReconcileRepository,
  refundIdForProcessorRefund,
  type TemporalHandle,
} from '@groupsplit/shared';
import type { SplitCreation } from '@groupsplit/workflows';
import { dispatchWebhookEvents, replacementPayLinkEmailId, seatPayLinkEmailId } from '@groupsplit/workflows/client';
import { requiredFlag, SupportCommandError, SupportUsageError } from '../args';
import { planReconcile, type ReplacementRun, type SplitTruth } from './reconcile-plan';
import { type RefundRun, type RefundTruth, refundIdsToLookUp, refundsFinished } from './reconcile-refunds';
import {
  creationOf,
  payTokenMailed,
  refundRunOf,
  refundsStartedBy,
  replacementsIn,
  seatClaimsIn,
  splitHistories,
} from './reconcile-temporal';
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
    if (creation) await payTokensGiven(client, creation);
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
    // The split workflow's own histories, read only when something below needs them.
    const histories = splitHistories(client, splitId);
    const runs = new Map<string, RefundRun>();
    let startedBySplit: Map<string, RefundRun> | null = null;
    for (const refundId of refundIdsToLookUp(state, processorRefunds, refundsInDb)) {
      let run = await refundRunOf(client, splitId, refundId);
      // Its child workflow past Temporal's retention: what the split workflow started it with, if it still has that.
      if (!run) {
        startedBySplit ??= await refundsStartedBy(client, await histories());
        run = startedBySplit.get(refundId) ?? null;
      }
      if (run) runs.set(refundId, run);
    }
    const refunds: RefundTruth = { processorRefunds, runs, finished: refundsFinished(state) };
    const participantsInDb = split ? await repo.participants(splitId) : [];
    const replacements = state.participants.some((p) => p.replacements)
      ? await replacementsLost(client, await replacementsIn(client, await histories()), participantsInDb)
      : [];
    // Seats claimed after the backup: participants the workflow has and the split's row has not.
    const unknown = split ? state.participants.filter((p) => !participantsInDb.some((row) => row.id === p.id)) : [];
    const claims = unknown.length > 0 ? await seatClaimsIn(client, await histories()) : [];
    for (const claim of claims) {
      if (claim.cover || !unknown.some((p) => p.id === claim.participantId)) continue;
      claim.payToken = await payTokenMailed(client, seatPayLinkEmailId(claim.seatId), claim.email);
    }
    const truth: SplitTruth = { state, creation, holds, refunds, replacements, claims };
    const refundKeys = [...runs.keys()].concat(
      [...processorRefunds.values()].flat().map((r) => r.metadata.refund_id ?? refundIdForProcessorRefund(r.id)),
    );
    const expectedKeys = [`authorised:${splitId}`, `paid:${splitId}`, `canceled:${splitId}`].concat(
      state.participants.map((p) => `authorised:${p.id}`),
      refundKeys.map((id) => `refunded:${id}`),
    );
    const inDb = {
      split,
      participants: participantsInDb,
      history: split ? await repo.history(splitId) : [],
      eventKeys: await repo.eventKeys(expectedKeys),
      refunds: refundsInDb,
      ...(claims.length > 0 ? { seats: await repo.seats(splitId) } : {}),
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

/**
 * The pay token each replacement the database lost was e-mailed (its row does not have the replacement's
 * hold), read back from its pay-link e-mail: the link that person has keeps working. A cover e-mails no pay
 * link, and an e-mail past Temporal's retention cannot be read: those get a new token (ReplacementRun).
 */
async function replacementsLost(
  client: TemporalHandle['client'],
  made: ReplacementRun[],
  rows: { id: string; processor_payment_intent_id: string | null }[],
): Promise<ReplacementRun[]> {
  const latest = new Map<string, ReplacementRun>();
  for (const r of made) {
    if ((latest.get(r.participantId)?.replacement ?? 0) < r.replacement) latest.set(r.participantId, r);
  }
  for (const r of latest.values()) {
    const row = rows.find((p) => p.id === r.participantId);
    if (r.cover || row?.processor_payment_intent_id === r.paymentIntentId) continue;
    r.payToken = await payTokenMailed(client, replacementPayLinkEmailId(r.participantId, r.replacement), r.email);
  }
  return made;
}

/**
 * The pay token each share of a split recreated from scratch was given, so the links its people have keep
 * working: the creation carries it; a creation from older code does not, and then it is read back from the
 * share's invitation (or the organiser's own e-mail), whose id is the participant's, when that e-mail went
 * through its workflow (`email:<participant id>`: a first attempt that failed) and is within Temporal's
 * retention. A share with neither gets a new token (planReconcile says whose).
 */
async function payTokensGiven(client: TemporalHandle['client'], creation: SplitCreation): Promise<void> {
  for (const p of creation.participants) {
    if (p.payToken) continue;
    const mailed = await payTokenMailed(client, p.id, p.email);
    if (mailed) p.payToken = mailed;
  }
}
