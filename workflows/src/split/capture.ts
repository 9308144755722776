import { condition } from '@temporalio/workflow';
import {
  captureBatchActivities,
  captureBatchRetryActivities,
  captureProgressActivities,
  lastAuthorisationActivities,
  projectionActivities,
  ROLLBACK_ATTEMPTS,
  rollbackActivities,
} from './activities';
import type { CaptureBatchInput } from './activity-types';
import { failureMessage, isNonRetryable } from './failures';
import type { Actor, ParticipantAuthorised, SupportResolution } from './messages';
import { releaseStandingHolds } from './release-holds';
import { replaceNext } from './replace';
import { claimNext, openSeats, remindOpenSeats, seatReminderIn } from './seats';
import type { ParticipantState } from './snapshot';
import { type SplitState, transitionDedupeKey } from './state';
import type { SplitTrigger } from './statuses';
import { resolve, waitForSupport } from './support';

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

/** How `pending` ends; a capture's actor is the merchant who accepted it (merchant-accept.ts), else the system. */
export type PendingEnd =
  | { kind: 'capture'; actor?: Actor }
  | { kind: 'cancel'; actor: Actor; purpose: 'canceled' | 'expired' };

/**
 * The `pending` state: how it ends. Only the processor's word makes a participant authorised.
 * Authorisations and replace requests (replace.ts) are taken one at a time, so neither is ever
 * half-applied when the other, a cancel or the expiry comes at the same moment.
 */
export async function awaitAuthorisations(split: SplitState): Promise<PendingEnd> {
  for (;;) {
    if (split.cancelRequest) return { kind: 'cancel', actor: split.cancelRequest.actor, purpose: 'canceled' };
    // Open seats (seats.ts) count as shares nobody has authorised yet.
    const complete = split.participants.every((p) => p.status === 'authorised') && openSeats(split).length === 0;
    if (complete) return { kind: 'capture' };
    const remaining = split.expiresAtMs() - Date.now();
    if (remaining <= 0) return { kind: 'cancel', actor: 'expiry', purpose: 'expired' };
    // Only a split with open seats has a reminder, so other splits replay the same commands.
    const reminder = seatReminderIn(split);
    if (reminder !== null && reminder <= 0) {
      await remindOpenSeats(split);
      continue;
    }
    const woke = await condition(
      () =>
        split.authorisations.length > 0 ||
        split.cancelRequest !== null ||
        split.replacements.size > 0 ||
        split.claims.size > 0,
      reminder === null ? remaining : Math.min(remaining, reminder),
    );
    if (!woke && reminder !== null && reminder < remaining) continue;
    if (!woke) return { kind: 'cancel', actor: 'expiry', purpose: 'expired' };
    if (split.cancelRequest) continue;
    // Replace requests go first: each asks the processor itself whether its target has paid.
    if (split.replacements.size > 0) {
      await replaceNext(split);
      continue;
    }
    if (split.claims.size > 0) {
      await claimNext(split);
      continue;
    }
    const next = split.authorisations.shift()!;
    const participant = split.findParticipant(next.participantId);
    if (participant?.status !== 'pending') continue;
    // The authorisation that completes the set is recorded as a local step, so the capture batch
    // runs on in the same workflow task (docs/splits.md, "Capture batch").
    const completesSet =
      split.replacements.size === 0 &&
      openSeats(split).length === 0 &&
      split.participants.every((p) => p === participant || p.status === 'authorised');
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
 * The capture phase begins: `pending` → `capturing`. `capturing` is the batch's own first
 * statement, so no step comes before the first capture.
 */
export function beginCapture(split: SplitState, actor: Actor = 'system') {
  split.enterWrittenByNextStep('all_authorised', 'capturing', actor);
}

/**
 * Marks captured every participant the projection shows captured, and returns them in capture
 * order (what compensation refunds). A batch that failed says nothing of how far it got; the
 * projection does.
 */
async function learnCaptures(split: SplitState): Promise<ParticipantState[]> {
  const uncertain = split.participants.filter((p) => p.status !== 'captured').map((p) => p.id);
  const captured = await split.track(
    { step: 'capture', participantIds: uncertain },
    captureProgressActivities.capturedShares({ splitId: split.splitId }),
  );
  for (const participant of split.participants) if (captured.includes(participant.id)) participant.status = 'captured';
  return split.participants.filter((p) => p.status === 'captured');
}

/**
 * One local try, then durable retries (activities.ts, captureBatchRetryActivities): the same batch,
 * resuming from the projection, so a share captured by the first try is not captured again.
 */
async function captureShares(shares: number, input: CaptureBatchInput) {
  try {
    await captureBatchActivities(shares).captureBatch(input);
  } catch (error) {
    if (isNonRetryable(error)) throw error;
    await captureBatchRetryActivities(shares).captureBatch(input);
  }
}

/**
 * The capture batch: every share not captured yet in one local step, which writes `capturing`,
 * captures the shares one at a time in order, and writes `captured` (docs/splits.md, "Capture
 * batch"). When it fails, the projection says which captures were made before compensation or
 * support acts on them.
 */
async function captureInBatch(split: SplitState) {
  const todo = split.participants.filter((p) => p.status !== 'captured');
  const participantIds = todo.map((p) => p.id);
  try {
    await split.transitionWith(
      'all_authorised',
      'captured',
      'system',
      { step: 'transition', participantIds },
      (dedupeKey) =>
        captureShares(todo.length, {
          splitId: split.splitId,
          participantIds,
          capturing: { dedupeKey: transitionDedupeKey(split.splitId, 'pending', 'capturing') },
          captured: { dedupeKey },
        }),
    );
  } catch (error) {
    // Compensation reads the captures itself; a split left for support shows them now.
    if (isNonRetryable(error)) throw new CaptureBroken(failureMessage(error));
    await learnCaptures(split);
    throw error;
  }
  for (const participant of todo) participant.status = 'captured';
}

/** The saga's compensation: captured shares refunded in reverse order, then every other hold released. */
async function compensate(split: SplitState, trigger: SplitTrigger, reason: string) {
  const actor = 'system';
  const captured = await learnCaptures(split);
  for (const participant of captured.reverse()) {
    try {
      const refunded = await split.track(
        { step: 'rollback_refund', participantId: participant.id },
        rollbackActivities.rollbackCapturedShare({
          splitId: split.splitId,
          participantId: participant.id,
          actor,
          maxAttempts: ROLLBACK_ATTEMPTS,
        }),
      );
      participant.status = refunded.status;
    } catch (error) {
      split.note({ kind: 'rollback_refund_failed', actor, participantId: participant.id, note: failureMessage(error) });
    }
  }
  await releaseStandingHolds(split, {
    activities: rollbackActivities,
    step: 'rollback_release',
    failedKind: 'rollback_release_failed',
    purpose: 'capture_failed',
    maxAttempts: ROLLBACK_ATTEMPTS,
    actor,
  });
  await split.transition(trigger, 'capture_failed', actor, { reason });
}

/** The `capturing` state; transient trouble is retried by the activity, then left to support. */
export async function capture(split: SplitState) {
  let resolution: SupportResolution | null = null;
  for (;;) {
    try {
      // A resolution whose own write fails waits for support again rather than failing the workflow.
      if (resolution) return await resolve(split, resolution, 'capture_failed');
      await captureInBatch(split);
      split.capturedAt = new Date().toISOString();
      return;
    } catch (error) {
      if (error instanceof CaptureBroken) return compensate(split, 'capture_breaks', error.message);
      const request = await waitForSupport(split, 'capturing', error);
      if (request.kind === 'compensate') {
        return compensate(split, 'support_compensate', `support: ${request.action.reason}`);
      }
      resolution = request.kind === 'resolve' ? request.action : null;
    }
  }
}
