import { ApplicationFailure, condition } from '@temporalio/workflow';
import { holdActivities, RELEASE_ATTEMPTS, releaseActivities, stepProjectionActivities } from './activities';
import { recordDecision } from './decisions';
import { failureMessage } from './failures';
import type { CreateSplitOutcome } from './messages';
import type { SplitState } from './state';

/**
 * Creation and holds: the spec's "(none) → pending" and "(none) → creation_failed". The split row
 * is written first (status `creating`, hidden from the API), then one hold per participant in
 * order; the first hold that cannot be placed stops the rest and releases those already placed.
 */

/** The createSplit update: answers once creation has ended either way. */
export async function creationOutcome(split: SplitState): Promise<CreateSplitOutcome> {
  await condition(() => split.creationOutcome !== null);
  return split.creationOutcome!;
}

export async function create(split: SplitState) {
  const { splitId, participants } = split;
  const creation = split.input.creation;
  if (!creation) throw ApplicationFailure.nonRetryable('splitWorkflow started without creation input');
  const createdAt = new Date().toISOString();
  const authorizationExpiresAt = new Date(Date.now() + split.input.holdTtlMs).toISOString();
  split.createdAt = createdAt;
  split.authorizationExpiresAt = authorizationExpiresAt;
  await split.track(
    { step: 'open_split' },
    stepProjectionActivities.openSplit({ ...creation, createdAt, authorizationExpiresAt }),
  );
  split.note({ kind: 'opened', actor: creation.createdBy ? `user:${creation.createdBy}` : 'system' });

  let failure: string | null = null;
  for (const participant of participants) {
    try {
      const hold = await split.track(
        { step: 'place_hold', participantId: participant.id },
        holdActivities.placeHold({ splitId, participantId: participant.id }),
      );
      participant.paymentIntentId = hold.paymentIntentId;
    } catch (error) {
      failure = failureMessage(error);
      break;
    }
  }

  if (failure === null) {
    await split.transition('create', 'pending', 'system');
    split.creationOutcome = { status: 'pending', splitId, authorizationExpiresAt };
    return;
  }
  // The failed hold is a local result: in history before any hold is released for it.
  await recordDecision();
  // Best-effort, latest first: whatever is not released lapses by itself at authorization_expires_at.
  for (const participant of [...participants].reverse()) {
    if (!participant.paymentIntentId) continue;
    try {
      const released = await split.track(
        { step: 'release', participantId: participant.id },
        releaseActivities.releaseShare({
          splitId,
          participantId: participant.id,
          purpose: 'creation_failed',
          actor: 'system',
          maxAttempts: RELEASE_ATTEMPTS,
        }),
      );
      participant.status = released.status;
    } catch {
      // Recorded by the activity on its last attempt; nothing more to do.
    }
  }
  await split.transition('create', 'creation_failed', 'system', {
    reason: failure,
    participants: { ids: participants.map((p) => p.id), to: 'canceled' },
  });
  split.creationOutcome = { status: 'creation_failed', splitId, error: failure };
}
