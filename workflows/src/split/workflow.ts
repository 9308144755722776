import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import {
  ActivityFailure,
  ApplicationFailure,
  allHandlersFinished,
  condition,
  continueAsNew,
  defineQuery,
  defineSignal,
  defineUpdate,
  executeChild,
  setHandler,
  upsertSearchAttributes,
  uuid4,
  workflowInfo,
} from '@temporalio/workflow';
import type {
  ParticipantRefundState,
  ProcessorRefundObserved,
  RefundRequest,
  RefundWorkflowResult,
} from '../refunds/types';
import {
  REFUND_SLICE_ATTEMPTS,
  refundProcessorActivities,
  refundWorkflow,
  refundWorkflowId,
} from '../refunds/workflow';
import {
  captureActivities,
  holdActivities,
  projectionActivities,
  RELEASE_ATTEMPTS,
  ROLLBACK_ATTEMPTS,
  releaseActivities,
  rollbackActivities,
} from './activities';
import type {
  Actor,
  CancelOutcome,
  CancelRequest,
  CreateSplitOutcome,
  HistoryEntry,
  ParticipantAuthorised,
  ParticipantState,
  ReleasePurpose,
  SplitStatus,
  SplitWorkflowInput,
  SplitWorkflowResult,
  SplitWorkflowState,
  SupportAction,
  SupportResolution,
} from './types';
import { TERMINAL_SPLIT_STATUSES } from './types';

export const createSplitUpdate = defineUpdate<CreateSplitOutcome>('createSplit');
export const participantAuthorisedSignal = defineSignal<[ParticipantAuthorised]>('participantAuthorised');
export const cancelSplitUpdate = defineUpdate<CancelOutcome, [CancelRequest]>('cancelSplit');
export const supportRetrySignal = defineSignal<[SupportAction]>('supportRetry');
export const supportCompensateSignal = defineSignal<[SupportAction]>('supportCompensate');
export const supportResolveSignal = defineSignal<[SupportResolution]>('supportResolve');
export const stateQuery = defineQuery<SplitWorkflowState>('state');
/** Refund through the API key or the dashboard; answers once the child refund workflow finished. */
export const requestRefundUpdate = defineUpdate<RefundWorkflowResult, [RefundRequest]>('requestRefund');
/** From checkout's `charge.refunded` hook: re-read the participant's refunds at the processor. */
export const processorRefundSignal = defineSignal<[ProcessorRefundObserved]>('processorRefundObserved');
/** Validator rejections of requestRefund (the ApplicationFailure type the caller sees). */
export const REFUND_IN_PROGRESS = 'refund_in_progress';
export const NOT_REFUNDABLE = 'not_refundable';

export const SPLIT_STATUS_KEY = defineSearchAttributeKey('SplitStatus', SearchAttributeType.KEYWORD);
export const MERCHANT_ID_KEY = defineSearchAttributeKey('MerchantId', SearchAttributeType.KEYWORD);
export const SPLIT_MODE_KEY = defineSearchAttributeKey('SplitMode', SearchAttributeType.KEYWORD);

export const splitWorkflowId = (splitId: string) => `split:${splitId}`;

export const DEFAULT_REFUND_WINDOW_MS = 180 * 24 * 60 * 60 * 1000;
/** Entries of in-memory history kept across continue-as-new (the full history is in Postgres). */
const CARRIED_HISTORY = 50;
/** A fresh run already has a few events; a lower threshold would continue-as-new for ever. */
export const MIN_CONTINUE_AS_NEW_EVENTS = 20;
const CANCEL_WAIT = '30 seconds';
/** How long a refund asked for while the last capture is being recorded waits for it. */
const CAPTURE_SETTLE_WAIT = '10 seconds';

type SupportRequest =
  | { kind: 'retry'; action: SupportAction }
  | { kind: 'compensate'; action: SupportAction }
  | { kind: 'resolve'; action: SupportResolution };

/** Work the post-capture loop runs one at a time; refunds add their handlers by pushing here. */
export type PostCaptureTask = { name: string; run: () => Promise<void> };

class CaptureBroken extends Error {}

const isTerminal = (status: SplitStatus) => TERMINAL_SPLIT_STATUSES.includes(status);

/** The processor's own message for a failed activity (what the spec passes to the caller). */
function failureMessage(error: unknown): string {
  if (error instanceof ActivityFailure && error.cause) return error.cause.message;
  return error instanceof Error ? error.message : String(error);
}

function isNonRetryable(error: unknown): boolean {
  return (
    error instanceof ActivityFailure && error.cause instanceof ApplicationFailure && error.cause.nonRetryable === true
  );
}

/**
 * One split, from creation to the end of its refund window: id `split:<splitId>`. It is the
 * only writer of the split's status; every transition goes through an activity that updates
 * the Postgres projection the API reads, so the two never disagree.
 */
export async function splitWorkflow(input: SplitWorkflowInput): Promise<SplitWorkflowResult> {
  const { splitId } = input;
  const carried = input.resume;
  let status: SplitStatus = carried?.status ?? 'creating';
  let createdAt: string | null = carried?.createdAt ?? null;
  let authorizationExpiresAt: string | null = carried?.authorizationExpiresAt ?? null;
  let capturedAt: string | null = carried?.capturedAt ?? null;
  const participants: ParticipantState[] =
    carried?.participants ??
    (input.creation?.participants ?? []).map((p) => ({
      id: p.id,
      status: 'pending' as const,
      paymentIntentId: null,
      captureBefore: null,
    }));
  const history: HistoryEntry[] = carried?.history ?? [];
  let creationOutcome: CreateSplitOutcome | null = null;
  let cancelRequest: CancelRequest | null = null;
  let stuck: SplitWorkflowState['stuck'] = null;
  const authorisations: ParticipantAuthorised[] = [];
  const supportRequests: SupportRequest[] = [];
  const postCaptureTasks: PostCaptureTask[] = [];
  /** The refund running or queued; there is at most one (that is how refund_in_progress works). */
  let activeRefund: { request: RefundRequest; result: RefundWorkflowResult | null } | null = null;
  const processorSyncsQueued = new Set<string>();
  let refundWindowEndsAt = Number.POSITIVE_INFINITY;

  const note = (entry: Omit<HistoryEntry, 'at'>) => history.push({ at: new Date().toISOString(), ...entry });
  const findParticipant = (id: string) => participants.find((p) => p.id === id);

  /** Expiry: authorization_expires_at, brought forward by the earliest hold's capture_before. */
  const expiresAtMs = () => {
    const times = [authorizationExpiresAt, ...participants.map((p) => p.captureBefore)]
      .filter((t): t is string => t !== null)
      .map((t) => Date.parse(t));
    return times.length ? Math.min(...times) : Number.POSITIVE_INFINITY;
  };

  setHandler(stateQuery, () => ({
    splitId,
    merchantId: input.merchantId,
    mode: input.mode,
    status,
    createdAt,
    authorizationExpiresAt,
    expiresAt: Number.isFinite(expiresAtMs()) ? new Date(expiresAtMs()).toISOString() : null,
    capturedAt,
    participants: participants.map((p) => ({ ...p })),
    stuck,
    history: [...history],
  }));

  setHandler(createSplitUpdate, async () => {
    await condition(() => creationOutcome !== null);
    return creationOutcome!;
  });

  setHandler(participantAuthorisedSignal, (signal) => {
    // Signals can arrive twice (pay step and processor webhook): only the first counts.
    const participant = findParticipant(signal.participantId);
    const queued = authorisations.some((a) => a.participantId === signal.participantId);
    if (participant?.status !== 'pending' || queued) {
      note({ kind: 'authorisation_repeated', actor: signal.source, participantId: signal.participantId });
      return;
    }
    authorisations.push(signal);
  });

  setHandler(cancelSplitUpdate, async (request) => {
    await condition(() => status !== 'creating');
    if (status !== 'pending') return { status, changed: false };
    cancelRequest ??= request;
    // Bounded: a cancel stuck waiting for support must not hold the caller's request open.
    await condition(() => status !== 'pending' && status !== 'canceling', CANCEL_WAIT);
    return { status, changed: true };
  });

  // ---- refunds (handlers; the work runs in the post-capture loop) -------------------------

  const refundable = () =>
    (status === 'captured' || status === 'partially_refunded') && Date.now() < refundWindowEndsAt;

  /** A refund's effect on the in-memory state (the activities already wrote the projection). */
  function applyRefund(to: SplitStatus, changed: ParticipantRefundState[], actor: Actor) {
    for (const p of changed) {
      const participant = findParticipant(p.id);
      if (participant) participant.status = p.status;
    }
    if (to === status) return;
    const from = status;
    status = to;
    upsertSearchAttributes([{ key: SPLIT_STATUS_KEY, value: to }]);
    note({ kind: 'status', actor, from, to });
  }

  async function runRefund(request: RefundRequest): Promise<RefundWorkflowResult> {
    try {
      const result = await executeChild(refundWorkflow, {
        workflowId: refundWorkflowId(splitId, request.refundId),
        args: [{ ...request, splitId }],
      });
      if (result.kind === 'finished') applyRefund(result.splitStatus, result.participants, request.actor);
      note({ kind: `refund_${result.kind}`, actor: request.actor, note: request.refundId });
      return result;
    } catch (error) {
      note({ kind: 'refund_failed', actor: request.actor, note: failureMessage(error) });
      return { kind: 'failed', refundId: request.refundId, message: failureMessage(error) };
    }
  }

  setHandler(
    requestRefundUpdate,
    async (request) => {
      const running = activeRefund;
      if (running) {
        // The validator let a second request in only for the same idempotency key: one refund.
        await condition(() => running.result !== null);
        return running.result!;
      }
      const entry: { request: RefundRequest; result: RefundWorkflowResult | null } = { request, result: null };
      activeRefund = entry; // before any await, so a request in the same activation is refused
      // The projection says captured a moment before this workflow does: wait that moment out.
      await condition(() => status !== 'capturing', CAPTURE_SETTLE_WAIT);
      if (!refundable()) {
        entry.result = { kind: 'rejected', code: 'not_refundable', splitStatus: status };
        activeRefund = null;
        return entry.result;
      }
      postCaptureTasks.push({
        name: 'refund',
        run: async () => {
          entry.result = await runRefund(request);
          activeRefund = null;
        },
      });
      await condition(() => entry.result !== null);
      return entry.result!;
    },
    {
      validator: (request) => {
        if (activeRefund) {
          const key = activeRefund.request.idempotencyKey;
          if (key !== null && key === request.idempotencyKey) return;
          throw ApplicationFailure.create({
            type: REFUND_IN_PROGRESS,
            message: 'Another refund is in progress',
            nonRetryable: true,
          });
        }
        if (!refundable() && status !== 'capturing') {
          throw ApplicationFailure.create({
            type: NOT_REFUNDABLE,
            message: `The split is ${status}`,
            nonRetryable: true,
          });
        }
      },
    },
  );

  setHandler(processorRefundSignal, ({ participantId }) => {
    // While `capturing` the task waits in the queue for the post-capture loop (the projection
    // may already say captured); if the capture fails instead, it never runs.
    if (!refundable() && status !== 'capturing') {
      note({ kind: 'processor_refund_ignored', actor: 'processor', participantId, note: status });
      return;
    }
    if (processorSyncsQueued.has(participantId)) return; // one re-read covers every event queued so far
    processorSyncsQueued.add(participantId);
    postCaptureTasks.push({
      name: 'processor_refund',
      run: async () => {
        processorSyncsQueued.delete(participantId);
        try {
          const synced = await refundProcessorActivities.syncProcessorRefunds({
            splitId,
            participantId,
            maxAttempts: REFUND_SLICE_ATTEMPTS,
          });
          applyRefund(synced.splitStatus, synced.participants, 'processor');
          note({ kind: 'processor_refund_synced', actor: 'processor', participantId, note: `${synced.recorded} new` });
        } catch (error) {
          note({
            kind: 'processor_refund_sync_failed',
            actor: 'processor',
            participantId,
            note: failureMessage(error),
          });
        }
      },
    });
  });

  /** Support acts only on a stuck split; an early or stray request must not fire later. */
  const support = (request: SupportRequest) => {
    if (stuck === null) {
      note({ kind: `support_${request.kind}_ignored`, actor: request.action.actor, note: 'split is not stuck' });
      return;
    }
    supportRequests.push(request);
  };
  setHandler(supportRetrySignal, (action) => support({ kind: 'retry', action }));
  setHandler(supportCompensateSignal, (action) => support({ kind: 'compensate', action }));
  setHandler(supportResolveSignal, (action) => support({ kind: 'resolve', action }));

  async function transition(
    to: SplitStatus,
    actor: Actor,
    options: { reason?: string; participants?: { ids: string[]; to: ParticipantState['status'] } } = {},
  ) {
    const from = status;
    await projectionActivities.transitionSplit({
      splitId,
      from,
      to,
      actor,
      dedupeKey: `transition:${splitId}:${from}:${to}`,
      reason: options.reason,
      participants: options.participants,
    });
    status = to;
    for (const id of options.participants?.ids ?? []) {
      const p = findParticipant(id);
      // Same rule as the projection: only rows still holding money move.
      if (p && (p.status === 'pending' || p.status === 'authorised')) p.status = options.participants!.to;
    }
    upsertSearchAttributes([{ key: SPLIT_STATUS_KEY, value: to }]);
    note({ kind: 'status', actor, from, to, note: options.reason });
  }

  async function recordSupport(kind: string, action: SupportAction, detail: Record<string, unknown> = {}) {
    await projectionActivities.recordSplitHistory({
      splitId,
      kind,
      actor: action.actor,
      dedupeKey: `support:${splitId}:${uuid4()}`,
      detail: { reason: action.reason, status, ...detail },
    });
    note({ kind, actor: action.actor, note: action.reason });
  }

  /** Waits for an operator; every request is recorded in the split's history. */
  async function waitForSupport(stage: 'capturing' | 'canceling', error: unknown): Promise<SupportRequest> {
    const message = failureMessage(error);
    stuck = { stage, error: message, since: new Date().toISOString() };
    await projectionActivities.recordSplitHistory({
      splitId,
      kind: 'stuck',
      actor: 'system',
      dedupeKey: `stuck:${splitId}:${uuid4()}`,
      detail: { stage, error: message },
    });
    note({ kind: 'stuck', actor: 'system', note: message });
    await condition(() => supportRequests.length > 0);
    const request = supportRequests.shift()!;
    supportRequests.length = 0; // one decision per stuck episode
    stuck = null;
    await recordSupport(`support_${request.kind}`, request.action);
    return request;
  }

  // ---- creation ---------------------------------------------------------------------------

  async function create() {
    const creation = input.creation;
    if (!creation) throw ApplicationFailure.nonRetryable('splitWorkflow started without creation input');
    createdAt = new Date().toISOString();
    authorizationExpiresAt = new Date(Date.now() + input.holdTtlMs).toISOString();
    await projectionActivities.openSplit({ ...creation, createdAt, authorizationExpiresAt });
    note({ kind: 'opened', actor: creation.createdBy ? `user:${creation.createdBy}` : 'system' });

    let failure: string | null = null;
    for (const participant of participants) {
      try {
        const hold = await holdActivities.placeHold({ splitId, participantId: participant.id });
        participant.paymentIntentId = hold.paymentIntentId;
      } catch (error) {
        failure = failureMessage(error);
        break;
      }
    }

    if (failure === null) {
      await transition('pending', 'system');
      creationOutcome = { status: 'pending', splitId, authorizationExpiresAt };
      return;
    }
    // Best-effort: whatever is not released lapses by itself at authorization_expires_at.
    for (const participant of [...participants].reverse()) {
      if (!participant.paymentIntentId) continue;
      try {
        const released = await releaseActivities.releaseShare({
          splitId,
          participantId: participant.id,
          purpose: 'creation_failed',
          actor: 'system',
          maxAttempts: RELEASE_ATTEMPTS,
        });
        participant.status = released.status;
      } catch {
        // Recorded by the activity on its last attempt; nothing more to do.
      }
    }
    await transition('creation_failed', 'system', {
      reason: failure,
      participants: { ids: participants.map((p) => p.id), to: 'canceled' },
    });
    creationOutcome = { status: 'creation_failed', splitId, error: failure };
  }

  // ---- pending: authorisations, cancel, expiry ---------------------------------------------

  type PendingEnd = { kind: 'capture' } | { kind: 'cancel'; actor: Actor; purpose: ReleasePurpose };

  async function awaitAuthorisations(): Promise<PendingEnd> {
    for (;;) {
      if (cancelRequest) return { kind: 'cancel', actor: cancelRequest.actor, purpose: 'canceled' };
      if (participants.every((p) => p.status === 'authorised')) return { kind: 'capture' };
      const remaining = expiresAtMs() - Date.now();
      if (remaining <= 0) return { kind: 'cancel', actor: 'expiry', purpose: 'expired' };
      const woke = await condition(() => authorisations.length > 0 || cancelRequest !== null, remaining);
      if (!woke) return { kind: 'cancel', actor: 'expiry', purpose: 'expired' };
      if (cancelRequest) continue;
      const next = authorisations.shift()!;
      const participant = findParticipant(next.participantId);
      if (participant?.status !== 'pending') continue;
      const result = await projectionActivities.recordAuthorisation({
        splitId,
        participantId: participant.id,
        source: next.source,
      });
      participant.status = result.status;
      participant.captureBefore = result.captureBefore;
      note({
        kind: result.authorised ? 'authorised' : 'authorisation_unconfirmed',
        actor: next.source,
        participantId: participant.id,
      });
    }
  }

  // ---- cancel and expiry -------------------------------------------------------------------

  async function releaseAll(purpose: ReleasePurpose, actor: Actor) {
    for (const participant of participants) {
      if (participant.status !== 'pending' && participant.status !== 'authorised') continue;
      try {
        const released = await releaseActivities.releaseShare({
          splitId,
          participantId: participant.id,
          purpose,
          actor,
          maxAttempts: RELEASE_ATTEMPTS,
        });
        participant.status = released.status;
      } catch (error) {
        // The activity records the failure on its last attempt; a timeout lands here instead.
        note({ kind: 'release_failed', actor, participantId: participant.id, note: failureMessage(error) });
      }
    }
  }

  async function cancel(actor: Actor, purpose: ReleasePurpose) {
    await transition('canceling', actor, { reason: purpose });
    let resolution: SupportResolution | null = null;
    for (;;) {
      try {
        // A resolution whose own write fails waits for support again rather than failing the workflow.
        if (resolution) return await resolve(resolution, 'canceled');
        await releaseAll(purpose, actor);
        const leftovers = participants.filter((p) => p.status === 'pending' || p.status === 'authorised');
        await transition('canceled', actor, {
          reason: purpose,
          // The spec: participant rows end canceled even where a release failed (the hold lapses).
          participants: { ids: leftovers.map((p) => p.id), to: 'canceled' },
        });
        return;
      } catch (error) {
        const request = await waitForSupport('canceling', error);
        // Retry and compensate both mean "release again" here.
        resolution = request.kind === 'resolve' ? request.action : null;
      }
    }
  }

  // ---- capture (a saga: captured shares are compensated in reverse order) -----------------

  async function captureAll(compensations: ParticipantState[]) {
    for (const participant of participants) {
      if (participant.status === 'captured') {
        if (!compensations.includes(participant)) compensations.push(participant);
        continue;
      }
      try {
        const captured = await captureActivities.captureShare({ splitId, participantId: participant.id });
        participant.status = captured.status;
        compensations.push(participant);
      } catch (error) {
        if (isNonRetryable(error)) throw new CaptureBroken(failureMessage(error));
        throw error;
      }
    }
  }

  async function compensate(compensations: ParticipantState[], reason: string) {
    const actor = 'system';
    for (const participant of [...compensations].reverse()) {
      try {
        const refunded = await rollbackActivities.rollbackCapturedShare({
          splitId,
          participantId: participant.id,
          actor,
        });
        participant.status = refunded.status;
      } catch (error) {
        note({ kind: 'rollback_refund_failed', actor, participantId: participant.id, note: failureMessage(error) });
      }
    }
    for (const participant of participants) {
      if (participant.status !== 'authorised' && participant.status !== 'pending') continue;
      try {
        const released = await rollbackActivities.releaseShare({
          splitId,
          participantId: participant.id,
          purpose: 'capture_failed',
          actor,
          maxAttempts: ROLLBACK_ATTEMPTS,
        });
        participant.status = released.status;
      } catch (error) {
        note({ kind: 'rollback_release_failed', actor, participantId: participant.id, note: failureMessage(error) });
      }
    }
    await transition('capture_failed', actor, { reason });
  }

  async function capture() {
    const compensations: ParticipantState[] = [];
    let resolution: SupportResolution | null = null;
    for (;;) {
      try {
        // As in cancel(): a resolution that cannot be recorded goes back to support.
        if (resolution) return await resolve(resolution, 'capture_failed');
        await captureAll(compensations);
        capturedAt = new Date().toISOString();
        await transition('captured', 'system');
        return;
      } catch (error) {
        if (error instanceof CaptureBroken) return compensate(compensations, error.message);
        const request = await waitForSupport('capturing', error);
        if (request.kind === 'compensate') return compensate(compensations, `support: ${request.action.reason}`);
        resolution = request.kind === 'resolve' ? request.action : null;
      }
    }
  }

  async function resolve(action: SupportResolution, fallback: SplitStatus) {
    const to = action.status ?? fallback;
    if (to === 'captured') capturedAt = new Date().toISOString();
    await transition(to, action.actor, { reason: `resolved by support: ${action.reason}` });
  }

  // ---- after capture: open for refunds until the window closes -----------------------------

  const historyFull = () => {
    const info = workflowInfo();
    const threshold = input.continueAsNewAfterEvents;
    if (threshold === undefined) return info.continueAsNewSuggested;
    return info.continueAsNewSuggested || info.historyLength >= Math.max(threshold, MIN_CONTINUE_AS_NEW_EVENTS);
  };

  async function afterCapture() {
    const windowEndsAt =
      Date.parse(capturedAt ?? new Date().toISOString()) + (input.refundWindowMs ?? DEFAULT_REFUND_WINDOW_MS);
    refundWindowEndsAt = windowEndsAt;
    // Queued work runs even once the split is refunded (a refund queued behind the refund that
    // finished it is then rejected by its own activity): a handler must never wait for ever.
    while (status !== 'refunded' || postCaptureTasks.length > 0) {
      if (historyFull() && postCaptureTasks.length === 0) {
        // A refund request arriving meanwhile queues a task its handler waits on: run it first.
        await condition(() => allHandlersFinished() || postCaptureTasks.length > 0);
        if (postCaptureTasks.length > 0) continue;
        await continueAsNew<typeof splitWorkflow>({
          ...input,
          creation: undefined,
          resume: {
            status,
            createdAt: createdAt ?? new Date().toISOString(),
            authorizationExpiresAt: authorizationExpiresAt ?? new Date().toISOString(),
            capturedAt,
            participants,
            history: history.slice(-CARRIED_HISTORY),
          },
        });
      }
      if (postCaptureTasks.length === 0) {
        const remaining = windowEndsAt - Date.now();
        if (remaining <= 0) return;
        const woke = await condition(() => postCaptureTasks.length > 0, remaining);
        if (!woke) return;
      }
      const task = postCaptureTasks.shift()!;
      await task.run();
    }
  }

  // ---- the lifecycle -------------------------------------------------------------------------

  if (status === 'creating') await create();
  if (status === 'pending') {
    const end = await awaitAuthorisations();
    if (end.kind === 'capture') await transition('capturing', 'system');
    else await cancel(end.actor, end.purpose);
  }
  if (status === 'capturing') await capture();
  if (status === 'captured' || status === 'partially_refunded') await afterCapture();
  if (!isTerminal(status)) note({ kind: 'ended_non_terminal', actor: 'system' });
  await condition(allHandlersFinished);
  return { splitId, status };
}
