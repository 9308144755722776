import {
  ApplicationFailure,
  allHandlersFinished,
  condition,
  continueAsNew,
  executeChild,
  workflowInfo,
} from '@temporalio/workflow';
import type {
  ParticipantRefundState,
  ProcessorRefundObserved,
  RefundRequest,
  RefundWorkflowResult,
} from '../refunds/types';
import {
  REFUND_PRIORITY,
  REFUND_SLICE_ATTEMPTS,
  refundProcessorActivities,
  refundWorkflow,
  refundWorkflowId,
} from '../refunds/workflow';
import { failureMessage } from './failures';
import type { Actor } from './messages';
import type { ActiveRefund, SplitState } from './state';
import type { SplitStatus, SplitTrigger } from './statuses';
import type { SplitWorkflowInput, SplitWorkflowResult } from './workflow-io';

/** The split workflow's signature, named here rather than imported from workflow.ts (which imports this file). */
type SplitWorkflowFunction = (input: SplitWorkflowInput) => Promise<SplitWorkflowResult>;

/**
 * After capture the split stays open for refunds until the refund window closes (180 days by
 * default). Refund requests and processor-refund notices only queue work; the post-capture loop
 * runs it one task at a time, so at most one refund moves money at once. Each refund is a child
 * workflow (`refunds/workflow.ts`) whose activities write the projection, the split's new status
 * included; the result then moves this workflow's status through the transition table.
 */

/** Validator rejections of requestRefund (the ApplicationFailure type the caller sees). */
export const REFUND_IN_PROGRESS = 'refund_in_progress';
export const NOT_REFUNDABLE = 'not_refundable';

export const DEFAULT_REFUND_WINDOW_MS = 180 * 24 * 60 * 60 * 1000;
/** Entries of in-memory history kept across continue-as-new (the full history is in Postgres). */
const CARRIED_HISTORY = 50;
/** A fresh run already has a few events; a lower threshold would continue-as-new for ever. */
export const MIN_CONTINUE_AS_NEW_EVENTS = 20;
/** How long a refund asked for while the last capture is being recorded waits for it. */
const CAPTURE_SETTLE_WAIT = '10 seconds';

const REFUND_TRIGGER: Record<RefundRequest['source'], SplitTrigger> = {
  api: 'refund_api',
  dashboard: 'refund_dashboard',
};

const refundable = (split: SplitState) =>
  (split.status === 'captured' || split.status === 'partially_refunded') && Date.now() < split.refundWindowEndsAt;

/** A refund's effect on the in-memory state (its activities already wrote the projection). */
function applyRefund(
  split: SplitState,
  trigger: SplitTrigger,
  to: SplitStatus,
  changed: ParticipantRefundState[],
  actor: Actor,
) {
  for (const p of changed) {
    const participant = split.findParticipant(p.id);
    if (participant) participant.status = p.status;
  }
  if (to === split.status) return;
  split.applyWrittenTransition(trigger, to, actor);
}

async function runRefund(split: SplitState, request: RefundRequest): Promise<RefundWorkflowResult> {
  try {
    const result = await split.track(
      { step: 'refund' },
      executeChild(refundWorkflow, {
        workflowId: refundWorkflowId(split.splitId, request.refundId),
        priority: REFUND_PRIORITY,
        args: [{ ...request, splitId: split.splitId }],
      }),
    );
    if (result.kind === 'finished') {
      applyRefund(split, REFUND_TRIGGER[request.source], result.splitStatus, result.participants, request.actor);
    }
    split.note({ kind: `refund_${result.kind}`, actor: request.actor, note: request.refundId });
    return result;
  } catch (error) {
    split.note({ kind: 'refund_failed', actor: request.actor, note: failureMessage(error) });
    return { kind: 'failed', refundId: request.refundId, message: failureMessage(error) };
  }
}

/** The requestRefund update: answers once the child refund workflow has finished. */
export async function onRefundRequest(split: SplitState, request: RefundRequest): Promise<RefundWorkflowResult> {
  const running = split.activeRefund;
  if (running) {
    // The validator let a second request in only for the same idempotency key: one refund.
    await condition(() => running.result !== null);
    return running.result!;
  }
  const entry: ActiveRefund = { request, result: null };
  split.activeRefund = entry; // before any await, so a request in the same activation is refused
  // The projection says captured a moment before this workflow does: wait that moment out.
  await condition(() => !captureUnderWay(split), CAPTURE_SETTLE_WAIT);
  if (!refundable(split)) {
    entry.result = { kind: 'rejected', code: 'not_refundable', splitStatus: split.status };
    split.activeRefund = null;
    return entry.result;
  }
  split.postCaptureTasks.push({
    name: 'refund',
    run: async () => {
      entry.result = await runRefund(split, request);
      split.activeRefund = null;
    },
  });
  await condition(() => entry.result !== null);
  return entry.result!;
}

/**
 * The capture is running, or is decided and about to start: still `pending`, but every participant
 * is authorised or has an authorisation being recorded or waiting to be taken. Checkout asks for a refund only once
 * the projection says captured, so a refund that finds the split here has overtaken this workflow:
 * the task that captured was lost (a worker killed; decisions.ts) and runs again with the last
 * authorisation and the refund request in one activation, before the capture starts again. Such a
 * refund waits for the capture: refused not_refundable, it would be refused for a split that is
 * paid a moment later.
 */
function captureUnderWay(split: SplitState): boolean {
  if (split.status === 'capturing') return true;
  if (split.status !== 'pending') return false;
  const queued = new Set(split.authorisations.map((a) => a.participantId));
  return split.participants.every(
    (p) => p.status === 'authorised' || queued.has(p.id) || split.recordingAuthorisationOf(p.id),
  );
}

/** requestRefund's validator: refund_in_progress and not_refundable are refused before history. */
export function validateRefundRequest(split: SplitState, request: RefundRequest) {
  if (split.activeRefund) {
    const key = split.activeRefund.request.idempotencyKey;
    if (key !== null && key === request.idempotencyKey) return;
    throw ApplicationFailure.create({
      type: REFUND_IN_PROGRESS,
      message: 'Another refund is in progress',
      nonRetryable: true,
    });
  }
  if (!refundable(split) && !captureUnderWay(split)) {
    throw ApplicationFailure.create({
      type: NOT_REFUNDABLE,
      message: `The split is ${split.status}`,
      nonRetryable: true,
    });
  }
}

/** The processorRefundObserved signal (checkout's `charge.refunded` hook): re-read that participant's refunds. */
export function onProcessorRefund(split: SplitState, { participantId }: ProcessorRefundObserved) {
  // While `capturing` or `pending` the task waits in the queue for the post-capture loop; if the
  // split is never captured, it never runs. The processor refunds only what it captured, so a
  // report while `pending` means the capture happened there while this workflow has not seen it
  // yet: the workflow task that captured was lost (a worker killed; decisions.ts), and the last
  // authorisation and the refund arrive in the same activation of the task run again, refund
  // first. Ignored, that refund would never reach the projection.
  const mayYetCapture = split.status === 'capturing' || split.status === 'pending';
  if (!refundable(split) && !mayYetCapture) {
    split.note({ kind: 'processor_refund_ignored', actor: 'processor', participantId, note: split.status });
    return;
  }
  if (split.processorSyncsQueued.has(participantId)) return; // one re-read covers every event queued so far
  split.processorSyncsQueued.add(participantId);
  split.postCaptureTasks.push({
    name: 'processor_refund',
    run: async () => {
      split.processorSyncsQueued.delete(participantId);
      try {
        const synced = await split.track(
          { step: 'processor_refund_sync', participantId },
          refundProcessorActivities.syncProcessorRefunds({
            splitId: split.splitId,
            participantId,
            maxAttempts: REFUND_SLICE_ATTEMPTS,
          }),
        );
        applyRefund(split, 'processor_refund', synced.splitStatus, synced.participants, 'processor');
        split.note({
          kind: 'processor_refund_synced',
          actor: 'processor',
          participantId,
          note: `${synced.recorded} new`,
        });
      } catch (error) {
        split.note({
          kind: 'processor_refund_sync_failed',
          actor: 'processor',
          participantId,
          note: failureMessage(error),
        });
      }
    },
  });
}

const historyFull = (split: SplitState) => {
  const info = workflowInfo();
  const threshold = split.input.continueAsNewAfterEvents;
  if (threshold === undefined) return info.continueAsNewSuggested;
  return info.continueAsNewSuggested || info.historyLength >= Math.max(threshold, MIN_CONTINUE_AS_NEW_EVENTS);
};

/** `captured` or `partially_refunded`: open for refunds until the window closes. */
export async function openForRefunds(split: SplitState) {
  const { input } = split;
  const windowEndsAt =
    Date.parse(split.capturedAt ?? new Date().toISOString()) + (input.refundWindowMs ?? DEFAULT_REFUND_WINDOW_MS);
  split.refundWindowEndsAt = windowEndsAt;
  const tasks = split.postCaptureTasks;
  // Queued work runs even once the split is refunded (a refund queued behind the refund that
  // finished it is then rejected by its own activity): a handler must never wait for ever.
  while (split.status !== 'refunded' || tasks.length > 0) {
    if (historyFull(split) && tasks.length === 0) {
      // A refund request arriving meanwhile queues a task its handler waits on: run it first.
      await condition(() => allHandlersFinished() || tasks.length > 0);
      if (tasks.length > 0) continue;
      await continueAsNew<SplitWorkflowFunction>({
        ...input,
        creation: undefined,
        resume: {
          status: split.status,
          createdAt: split.createdAt ?? new Date().toISOString(),
          authorizationExpiresAt: split.authorizationExpiresAt ?? new Date().toISOString(),
          capturedAt: split.capturedAt,
          participants: split.participants,
          history: split.history.slice(-CARRIED_HISTORY),
          supportRefusals: split.supportRefusals,
          ...(split.seats.length ? { seats: split.seats } : {}),
        },
      });
    }
    if (tasks.length === 0) {
      const remaining = windowEndsAt - Date.now();
      if (remaining <= 0) return;
      const woke = await condition(() => tasks.length > 0, remaining);
      if (!woke) return;
    }
    const task = tasks.shift()!;
    await task.run();
  }
}
