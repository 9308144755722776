import { ApplicationFailure } from '@temporalio/workflow';
import { projectionActivities, RELEASE_ATTEMPTS, replaceActivities, replacedHoldActivities } from './activities';
import { failureMessage, wouldLeaveSinglePayer } from './failures';
import type { ReplaceOutcome, ReplaceRequest } from './messages';
import type { ParticipantState } from './snapshot';
import type { SplitState } from './state';
import type { ParticipantStatus, SplitStatus } from './statuses';

/**
 * Replacing a pending participant: someone who cannot pay hands their share to someone else. The
 * participant keeps its id and share; it gets the new e-mail, a new pay token and a new hold, and
 * the old hold is released. Nothing else moves: no status, no expiry, no webhook.
 *
 * The update handler only queues the request; the `pending` main line (capture.ts,
 * awaitAuthorisations) runs it between authorisations, so a replace, the target's own
 * authorisation, a cancel and the expiry are decided one at a time, in the order the workflow
 * takes them, and none is ever half-applied:
 * - a cancel or the expiry taken first: the replace is refused (`not_replaceable`, `canceling`);
 * - the target's authorisation taken first, or already at the processor though its signal has not
 *   arrived: their payment stands and the replace is refused (`not_replaceable`, `authorised`);
 * - the replace taken first: the old hold is released, so a late confirmation of it holds nothing,
 *   and an authorisation signal for the old hold is not confirmed (the processor is asked about
 *   the participant's current hold).
 */

/** ApplicationFailure types of a refused replace (validator or main line); checkout maps them to HTTP. */
export const NOT_REPLACEABLE = 'not_replaceable';
export const UNKNOWN_PARTICIPANT = 'unknown_participant';
/** The replacement's hold could not be placed: nothing changed; the processor's message is passed on. */
export const REPLACE_FAILED = 'replace_failed';

/** What a not_replaceable refusal carries, so the caller can name the status that stood in the way. */
export type NotReplaceableDetails = { splitStatus: SplitStatus; participantStatus: ParticipantStatus };

function notReplaceable(details: NotReplaceableDetails) {
  const blocking =
    details.participantStatus !== 'pending'
      ? `the participant is ${details.participantStatus}`
      : `the split is ${details.splitStatus}`;
  return ApplicationFailure.create({
    type: NOT_REPLACEABLE,
    message: `Not replaceable: ${blocking}`,
    nonRetryable: true,
    details: [details],
  });
}

/** The split's status as a replace sees it: a pending split with a cancel queued is as good as canceling. */
const effectiveStatus = (split: SplitState): SplitStatus =>
  split.status === 'pending' && split.cancelRequest ? 'canceling' : split.status;

function refusalFor(split: SplitState, participant: ParticipantState) {
  const splitStatus = effectiveStatus(split);
  if (splitStatus === 'pending' && participant.status === 'pending') return null;
  return notReplaceable({ splitStatus, participantStatus: participant.status });
}

/** The replaceParticipant update's validator: refused before it is written to history. */
export function validateReplaceRequest(split: SplitState, request: ReplaceRequest) {
  const participant = split.findParticipant(request.participantId);
  if (!participant) {
    throw ApplicationFailure.create({
      type: UNKNOWN_PARTICIPANT,
      message: `No participant ${request.participantId} in this split`,
      nonRetryable: true,
    });
  }
  const refusal = refusalFor(split, participant);
  if (refusal) throw refusal;
}

/** The replaceParticipant update: queues the request and answers once the main line decided it. */
export function onReplaceRequest(split: SplitState, request: ReplaceRequest): Promise<ReplaceOutcome> {
  return split.replacements.ask(request, () => {
    const participant = split.findParticipant(request.participantId)!;
    return notReplaceable({ splitStatus: split.status, participantStatus: participant.status });
  });
}

/** The main line's step for the next queued replace request (called only while `pending`). */
export async function replaceNext(split: SplitState) {
  const queued = split.replacements.take()!;
  const { request } = queued;
  const participant = split.findParticipant(request.participantId)!;
  const refuse = (error: ApplicationFailure) => {
    split.note({ kind: 'replace_refused', actor: request.actor, participantId: participant.id, note: error.message });
    queued.answer = { kind: 'refused', error };
  };

  // Decided when it is taken, not when it was sent: an authorisation taken in between wins.
  const refusal = refusalFor(split, participant);
  if (refusal) return refuse(refusal);

  const replacement = (participant.replacements ?? 0) + 1;
  const previousPaymentIntentId = participant.paymentIntentId;
  let result: Awaited<ReturnType<typeof replaceActivities.replaceParticipant>>;
  try {
    result = await split.track(
      { step: 'replace_participant', participantId: participant.id },
      replaceActivities.replaceParticipant({
        splitId: split.splitId,
        participantId: participant.id,
        email: request.email,
        actor: request.actor,
        replacement,
        previousPaymentIntentId,
        ...(request.name ? { name: request.name } : {}),
        ...(request.cover ? { cover: request.cover } : {}),
      }),
    );
  } catch (error) {
    return refuse(
      ApplicationFailure.create({ type: REPLACE_FAILED, message: failureMessage(error), nonRetryable: true }),
    );
  }

  if (result.outcome === 'would_leave_single_payer') return refuse(wouldLeaveSinglePayer());

  if (result.outcome === 'already_authorised') {
    // The target paid just before: record it as the signal on its way would, and keep their payment.
    const recorded = await split.track(
      { step: 'record_authorisation', participantId: participant.id },
      projectionActivities.recordAuthorisation({
        splitId: split.splitId,
        participantId: participant.id,
        source: 'processor',
      }),
    );
    participant.status = recorded.status;
    participant.captureBefore = recorded.captureBefore;
    split.note({
      kind: recorded.authorised ? 'authorised' : 'authorisation_unconfirmed',
      actor: 'processor',
      participantId: participant.id,
    });
    if (recorded.authorised)
      return refuse(notReplaceable({ splitStatus: split.status, participantStatus: 'authorised' }));
    return refuse(
      ApplicationFailure.create({
        type: REPLACE_FAILED,
        message: "The participant's payment changed while they were being replaced; try again.",
        nonRetryable: true,
      }),
    );
  }

  participant.paymentIntentId = result.paymentIntentId;
  participant.captureBefore = null;
  participant.replacements = replacement;
  split.note({
    kind: request.cover ? 'participant_covered' : 'participant_replaced',
    actor: request.actor,
    participantId: participant.id,
  });

  if (previousPaymentIntentId) {
    const releaseFailed = (note: string | undefined) =>
      split.note({ kind: 'replaced_hold_release_failed', actor: request.actor, participantId: participant.id, note });
    try {
      const released = await split.track(
        { step: 'release_replaced_hold', participantId: participant.id },
        replacedHoldActivities.releaseReplacedHold({
          splitId: split.splitId,
          participantId: participant.id,
          paymentIntentId: previousPaymentIntentId,
          replacement,
          actor: request.actor,
          maxAttempts: RELEASE_ATTEMPTS,
        }),
      );
      if (released.outcome === 'failed') releaseFailed(released.error);
    } catch (error) {
      // The activity records the failure on its last attempt; a timeout lands here instead.
      releaseFailed(failureMessage(error));
    }
  }
  queued.answer = {
    kind: 'decided',
    outcome: { participantId: participant.id, replacement, paymentIntentId: result.paymentIntentId },
  };
}
