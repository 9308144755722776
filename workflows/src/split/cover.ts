import { ApplicationFailure } from '@temporalio/workflow';
import type { ClaimSeatRequest, CoverOutcome, CoverRequest, ReplaceRequest } from './messages';
import { onReplaceRequest, UNKNOWN_PARTICIPANT, validateReplaceRequest } from './replace';
import { onClaimSeat, validateClaimSeat } from './seats';
import type { SplitState } from './state';

/**
 * Covering a share (docs/splits.md, "Covering a share"): when a friend drops out, the organiser takes
 * over their pending share (or an open seat nobody took) and pays it as a hold of its own. A cover is
 * a replace (replace.ts) or a seat claim (seats.ts) whose new payer is the organiser: it joins the same
 * queue, and the `pending` main line decides it when it takes it, one change at a time, so a cover
 * racing the friend's own authorisation, a cancel, the expiry, a replace or a claim is never half-applied.
 * Two rules differ: the organiser's address may stand on a second row, and a cover that would leave the
 * organiser holding every share is refused (the spec's single payer pays the total and no fees; the
 * activity decides it from the projection, which only this queue changes).
 */

const asReplace = (request: CoverRequest): ReplaceRequest => ({
  participantId: request.targetId,
  email: request.email,
  actor: request.actor,
  cover: { name: request.name },
});

const asClaim = (request: CoverRequest): ClaimSeatRequest => ({
  seatId: request.targetId,
  email: request.email,
  actor: request.actor,
  cover: { name: request.name },
});

const isSeat = (split: SplitState, id: string) => split.seats.some((seat) => seat.id === id);

/** The coverShare update's validator: a replace's rules for a participant, a claim's for a seat. */
export function validateCoverRequest(split: SplitState, request: CoverRequest) {
  if (split.findParticipant(request.targetId)) return validateReplaceRequest(split, asReplace(request));
  if (isSeat(split, request.targetId)) return validateClaimSeat(split, asClaim(request));
  throw ApplicationFailure.create({
    type: UNKNOWN_PARTICIPANT,
    message: `No participant or seat ${request.targetId} in this split`,
    nonRetryable: true,
  });
}

/** The coverShare update: queued as a replace or a claim, answered once the main line decided it. */
export async function onCoverRequest(split: SplitState, request: CoverRequest): Promise<CoverOutcome> {
  if (isSeat(split, request.targetId)) {
    const claimed = await onClaimSeat(split, asClaim(request));
    return { participantId: claimed.participantId, seatId: claimed.seatId, paymentIntentId: claimed.paymentIntentId };
  }
  const replaced = await onReplaceRequest(split, asReplace(request));
  return { participantId: replaced.participantId, seatId: null, paymentIntentId: replaced.paymentIntentId };
}
