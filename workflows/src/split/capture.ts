import { condition, patched } from '@temporalio/workflow';
import {
  CAPTURE_BATCH_PATCH,
  CAPTURE_PIPELINE_PATCH,
  captureActivities,
  captureBatchActivities,
  captureProgressActivities,
  captureRecordActivities,
  lastAuthorisationActivities,
  pipelinedCaptureActivities,
  projectionActivities,
  ROLLBACK_ATTEMPTS,
  rollbackActivities,
} from './activities';
import { failureMessage, isNonRetryable } from './failures';
import { replaceNext } from './replace';
import { type SplitState, transitionDedupeKey } from './state';
import { resolve, waitForSupport } from './support';
import type {
  Actor,
  CaptureShareResult,
  ParticipantAuthorised,
  ParticipantState,
  ParticipantStatus,
  SplitTrigger,
  SupportResolution,
} from './types';

/**
 * Authorisation and capture. While `pending`, authorisations are recorded one at a time until
 * every participant is authorised (then capture), a cancel arrives, or the holds expire. Capture
 * is a saga: shares are captured in order, and if one breaks for good every share already
 * captured is refunded, latest first, and the remaining holds are released.
 */

/** A failure retrying cannot fix (a decline, a lapsed hold): compensate at once. */
class CaptureBroken extends Error {}

/** The participantAuthorised signal. It can arrive twice (pay step and processor webhook): only the first counts. */
export function onParticipantAuthorised(split: SplitState, signal: ParticipantAuthorised) {
  const participant = split.findParticipant(signal.participantId);
  const queued = split.authorisations.some((a) => a.participantId === signal.participantId);
  if (participant?.status !== 'pending' || queued) {
    split.note({ kind: 'authorisation_repeated', actor: signal.source, participantId: signal.participantId });
    return;
  }
  split.authorisations.push(signal);
}

export type PendingEnd = { kind: 'capture' } | { kind: 'cancel'; actor: Actor; purpose: 'canceled' | 'expired' };

/**
 * The `pending` state: how it ends. Only the processor's word makes a participant authorised.
 * Authorisations and replace requests (replace.ts) are taken one at a time, so neither is ever
 * half-applied when the other, a cancel or the expiry comes at the same moment.
 */
export async function awaitAuthorisations(split: SplitState): Promise<PendingEnd> {
  for (;;) {
    if (split.cancelRequest) return { kind: 'cancel', actor: split.cancelRequest.actor, purpose: 'canceled' };
    if (split.participants.every((p) => p.status === 'authorised')) return { kind: 'capture' };
    const remaining = split.expiresAtMs() - Date.now();
    if (remaining <= 0) return { kind: 'cancel', actor: 'expiry', purpose: 'expired' };
    const woke = await condition(
      () => split.authorisations.length > 0 || split.cancelRequest !== null || split.replacements.length > 0,
      remaining,
    );
    if (!woke) return { kind: 'cancel', actor: 'expiry', purpose: 'expired' };
    if (split.cancelRequest) continue;
    // Replace requests go first: each asks the processor itself whether its target has paid.
    if (split.replacements.length > 0) {
      await replaceNext(split);
      continue;
    }
    const next = split.authorisations.shift()!;
    const participant = split.findParticipant(next.participantId);
    if (participant?.status !== 'pending') continue;
    // The authorisation that completes the set starts the capture chain: recorded as its first
    // local step, the chain runs on in the same workflow task (docs/splits.md, "Capture pipeline").
    const completesSet =
      split.replacements.length === 0 &&
      split.participants.every((p) => p === participant || p.status === 'authorised') &&
      patched(CAPTURE_PIPELINE_PATCH);
    const record = completesSet ? lastAuthorisationActivities : projectionActivities;
    const result = await split.track(
      { step: 'record_authorisation', participantId: participant.id },
      record.recordAuthorisation({
        splitId: split.splitId,
        participantId: participant.id,
        source: next.source,
      }),
    );
    participant.status = result.status;
    participant.captureBefore = result.captureBefore;
    split.note({
      kind: result.authorised ? 'authorised' : 'authorisation_unconfirmed',
      actor: next.source,
      participantId: participant.id,
    });
  }
}

/**
 * The capture pipeline: shares captured one at a time, in order, one local step each. A share's
 * projection write is made by the next share's step, concurrently with that share's processor
 * call; the last share's step writes it and the split `captured` after its call, so it returns
 * whether the split's `captured` was written (false only when nothing was left to capture). A
 * step that fails has its earlier share's write made on its own first, so compensation and
 * support always find every capture made in the projection.
 */
async function capturePipelined(split: SplitState, compensations: ParticipantState[]): Promise<boolean> {
  const written = (participant: ParticipantState) => {
    participant.status = 'captured';
    if (!compensations.includes(participant)) compensations.push(participant);
  };
  for (const participant of split.participants) if (participant.status === 'captured') written(participant);
  const todo = split.participants.filter((p) => p.status !== 'captured');
  let unwritten: { participant: ParticipantState; from: ParticipantStatus } | null = null;
  for (const [index, participant] of todo.entries()) {
    const previous = unwritten ? { participantId: unwritten.participant.id, from: unwritten.from } : undefined;
    const moving = unwritten ? { participantIds: [unwritten.participant.id, participant.id] } : {};
    const step = { splitId: split.splitId, participantId: participant.id, previous };
    const last = index === todo.length - 1;
    let made: CaptureShareResult;
    try {
      made = last
        ? await split.transitionWith(
            'all_authorised',
            'captured',
            'system',
            { step: 'transition', participantId: participant.id, ...moving },
            (dedupeKey) => pipelinedCaptureActivities.captureShare({ ...step, splitCaptured: { dedupeKey } }),
          )
        : await split.track(
            { step: 'capture', participantId: participant.id, ...moving },
            pipelinedCaptureActivities.captureShare({ ...step, record: 'deferred' }),
          );
    } catch (error) {
      if (unwritten) {
        await split.track(
          { step: 'capture', participantId: unwritten.participant.id },
          captureRecordActivities.recordCapture({ splitId: split.splitId, ...previous! }),
        );
        written(unwritten.participant);
      }
      if (isNonRetryable(error)) throw new CaptureBroken(failureMessage(error));
      throw error;
    }
    if (unwritten) written(unwritten.participant);
    unwritten = null;
    if (last || made.recorded !== false) written(participant);
    else unwritten = { participant, from: made.from ?? 'authorised' };
  }
  return todo.length > 0;
}

/**
 * Whether this run captures in one batch: asked once, in the run's first activation, and
 * remembered, so every later path (capture, a retry, support, compensation) follows the answer
 * without asking again. Asked anywhere later, the answer could differ on replay: a patch marker is
 * known to a replaying worker only from the workflow task that recorded it, and an activation that
 * follows a local step can replay inside the task before the one that ran it live (a capture
 * phase entered right after the last authorisation's local step did). Only a run that starts at
 * creation ever captures; histories recorded before the patch replay, and finish, with the pipeline.
 */
export function decideCaptureMode(split: SplitState) {
  split.captureInBatch = split.status === 'creating' && patched(CAPTURE_BATCH_PATCH);
}

/**
 * The capture phase begins: `pending` → `capturing`. With the batch, `capturing` is the batch's
 * own first statement, so no step comes before the first capture.
 */
export async function beginCapture(split: SplitState) {
  if (split.captureInBatch) split.enterWrittenByNextStep('all_authorised', 'capturing', 'system');
  else await split.transition('all_authorised', 'capturing', 'system');
}

/**
 * Marks captured every participant the projection shows captured, and lists them for compensation
 * in capture order. A batch that failed says nothing of how far it got; the projection does.
 */
async function learnCaptures(split: SplitState, compensations: ParticipantState[]) {
  const uncertain = split.participants.filter((p) => p.status !== 'captured').map((p) => p.id);
  const captured = await split.track(
    { step: 'capture', participantIds: uncertain },
    captureProgressActivities.capturedShares({ splitId: split.splitId }),
  );
  for (const participant of split.participants) if (captured.includes(participant.id)) participant.status = 'captured';
  compensations.splice(0, compensations.length, ...split.participants.filter((p) => p.status === 'captured'));
}

/**
 * The capture batch: every share not captured yet in one local step, which writes `capturing`,
 * captures the shares one at a time in order, and writes `captured` (docs/splits.md, "Capture
 * batch"). When it fails, the projection says which captures were made before compensation or
 * support acts on them.
 */
async function captureInBatch(split: SplitState, compensations: ParticipantState[]) {
  const todo = split.participants.filter((p) => p.status !== 'captured');
  const participantIds = todo.map((p) => p.id);
  try {
    await split.transitionWith(
      'all_authorised',
      'captured',
      'system',
      { step: 'transition', participantIds },
      (dedupeKey) =>
        captureBatchActivities(todo.length).captureBatch({
          splitId: split.splitId,
          participantIds,
          capturing: { dedupeKey: transitionDedupeKey(split.splitId, 'pending', 'capturing') },
          captured: { dedupeKey },
        }),
    );
  } catch (error) {
    // Compensation reads the captures itself; a split left for support shows them now.
    if (isNonRetryable(error)) throw new CaptureBroken(failureMessage(error));
    await learnCaptures(split, compensations);
    throw error;
  }
  for (const participant of todo) participant.status = 'captured';
}

/** Captures every share not captured yet; returns whether the split's `captured` was written too. */
async function captureAll(split: SplitState, compensations: ParticipantState[]): Promise<boolean> {
  if (patched(CAPTURE_PIPELINE_PATCH)) return capturePipelined(split, compensations);
  for (const participant of split.participants) {
    if (participant.status === 'captured') {
      if (!compensations.includes(participant)) compensations.push(participant);
      continue;
    }
    try {
      const captured = await split.track(
        { step: 'capture', participantId: participant.id },
        captureActivities().captureShare({ splitId: split.splitId, participantId: participant.id }),
      );
      participant.status = captured.status;
      compensations.push(participant);
    } catch (error) {
      if (isNonRetryable(error)) throw new CaptureBroken(failureMessage(error));
      throw error;
    }
  }
  return false;
}

/** The saga's compensation: captured shares refunded in reverse order, then every other hold released. */
async function compensate(split: SplitState, compensations: ParticipantState[], trigger: SplitTrigger, reason: string) {
  const actor = 'system';
  if (split.captureInBatch) await learnCaptures(split, compensations);
  for (const participant of [...compensations].reverse()) {
    try {
      const refunded = await split.track(
        { step: 'rollback_refund', participantId: participant.id },
        rollbackActivities.rollbackCapturedShare({ splitId: split.splitId, participantId: participant.id, actor }),
      );
      participant.status = refunded.status;
    } catch (error) {
      split.note({ kind: 'rollback_refund_failed', actor, participantId: participant.id, note: failureMessage(error) });
    }
  }
  for (const participant of split.participants) {
    if (participant.status !== 'authorised' && participant.status !== 'pending') continue;
    try {
      const released = await split.track(
        { step: 'rollback_release', participantId: participant.id },
        rollbackActivities.releaseShare({
          splitId: split.splitId,
          participantId: participant.id,
          purpose: 'capture_failed',
          actor,
          maxAttempts: ROLLBACK_ATTEMPTS,
        }),
      );
      participant.status = released.status;
    } catch (error) {
      split.note({
        kind: 'rollback_release_failed',
        actor,
        participantId: participant.id,
        note: failureMessage(error),
      });
    }
  }
  await split.transition(trigger, 'capture_failed', actor, { reason });
}

/** The `capturing` state; transient trouble is retried by the activity, then left to support. */
export async function capture(split: SplitState) {
  const compensations: ParticipantState[] = [];
  let resolution: SupportResolution | null = null;
  for (;;) {
    try {
      // A resolution whose own write fails waits for support again rather than failing the workflow.
      if (resolution) return await resolve(split, resolution, 'capture_failed');
      if (split.captureInBatch) {
        await captureInBatch(split, compensations);
        split.capturedAt = new Date().toISOString();
        return;
      }
      const written = await captureAll(split, compensations);
      split.capturedAt = new Date().toISOString();
      if (!written) await split.transition('all_authorised', 'captured', 'system');
      return;
    } catch (error) {
      if (error instanceof CaptureBroken) return compensate(split, compensations, 'capture_breaks', error.message);
      const request = await waitForSupport(split, 'capturing', error);
      if (request.kind === 'compensate') {
        return compensate(split, compensations, 'support_compensate', `support: ${request.action.reason}`);
      }
      resolution = request.kind === 'resolve' ? request.action : null;
    }
  }
}
