import { ApplicationFailure, ParentClosePolicy, startChild, uuid4 } from '@temporalio/workflow';
import type { EmailRequest } from '../activity-types';
import { sendEmailWorkflow } from '../email';
import { claimActivities, seatReminderActivities } from './activities';
import { failureMessage, wouldLeaveSinglePayer } from './failures';
import type { ClaimSeatOutcome, ClaimSeatRequest } from './messages';
import type { SeatState } from './snapshot';
import type { SplitState } from './state';

/**
 * Open seats (docs/splits.md, "Open seats"): shares of a split that nobody holds at creation. Whoever
 * opens the split's group link and signs in may claim one (or the buyer fills one by e-mail); the seat
 * then becomes a participant like any other, with its own hold and pay link. The split captures only
 * once no seat is open and every participant has authorised; seats still open at the deadline expire
 * the split like any pending one.
 *
 * The claimSeat update's handler only queues the claim; the `pending` main line (capture.ts,
 * awaitAuthorisations) takes claims one at a time and decides each when it takes it, so two people
 * racing for the last seat get one claim and one `seat_taken`, and a claim never meets a half-done
 * cancel, expiry or replace.
 */

/** ApplicationFailure types of a refused claim (validator or main line); checkout maps them to HTTP. */
export const SEAT_TAKEN = 'seat_taken';
export const ALREADY_IN_SPLIT = 'already_in_split';
export const NOT_PENDING = 'not_pending';
export const UNKNOWN_SEAT = 'unknown_seat';
/** The new participant's hold could not be placed: nothing changed; the processor's message is passed on. */
export const CLAIM_FAILED = 'claim_failed';

const refusal = (type: string, message: string) => ApplicationFailure.create({ type, message, nonRetryable: true });

export const openSeats = (split: SplitState): SeatState[] => split.seats.filter((seat) => seat.participantId === null);

/** Why this claim cannot be made now, or null. The same rule for the validator and the main line. */
function claimRefusal(split: SplitState, request: ClaimSeatRequest) {
  const expired = split.authorizationExpiresAt !== null && Date.now() >= split.expiresAtMs();
  if (split.status !== 'pending' || split.cancelRequest || expired) {
    return refusal(NOT_PENDING, `The split is ${split.cancelRequest || expired ? 'canceling' : split.status}`);
  }
  const seat = split.seats.find((s) => s.id === request.seatId);
  if (!seat) return refusal(UNKNOWN_SEAT, `No seat ${request.seatId} in this split`);
  if (seat.participantId !== null) return refusal(SEAT_TAKEN, 'Someone else took this seat');
  // The organiser covering a seat (cover.ts) may already have a share: the one address allowed twice.
  if (!request.cover && split.memberEmails.includes(request.email.trim().toLowerCase())) {
    return refusal(ALREADY_IN_SPLIT, 'That address is already in this split');
  }
  return null;
}

/** The claimSeat update's validator: refused before it is written to history. */
export function validateClaimSeat(split: SplitState, request: ClaimSeatRequest) {
  const refused = claimRefusal(split, request);
  if (refused) throw refused;
}

/** The claimSeat update: queues the claim and answers once the main line decided it. */
export function onClaimSeat(split: SplitState, request: ClaimSeatRequest): Promise<ClaimSeatOutcome> {
  return split.claims.ask(request, () => refusal(NOT_PENDING, `The split is ${split.status}`));
}

/** The main line's step for the next queued claim (called only while `pending`). */
export async function claimNext(split: SplitState) {
  const queued = split.claims.take()!;
  const { request } = queued;
  const refuse = (error: ApplicationFailure) => {
    split.note({ kind: 'seat_claim_refused', actor: request.actor, note: `${request.seatId}: ${error.message}` });
    queued.answer = { kind: 'refused', error };
  };
  // Decided when it is taken, not when it was sent: a claim taken in between wins the seat.
  const refused = claimRefusal(split, request);
  if (refused) return refuse(refused);

  const seat = split.seats.find((s) => s.id === request.seatId)!;
  const participantId = uuid4();
  let result: Awaited<ReturnType<typeof claimActivities.claimSeat>>;
  try {
    result = await split.track(
      { step: 'claim_seat', participantId },
      claimActivities.claimSeat({
        splitId: split.splitId,
        seatId: seat.id,
        participantId,
        position: split.participants.length,
        email: request.email.trim(),
        // Only a name given travels: a claim without one has the same activity input as before.
        ...(request.name ? { name: request.name } : {}),
        actor: request.actor,
        ...(request.cover ? { cover: request.cover } : {}),
      }),
    );
  } catch (error) {
    return refuse(refusal(CLAIM_FAILED, failureMessage(error)));
  }
  // The projection knows every address (a replace may have changed one since creation).
  if (result.outcome === 'already_in_split') {
    return refuse(refusal(ALREADY_IN_SPLIT, 'That address is already in this split'));
  }
  if (result.outcome === 'would_leave_single_payer') return refuse(wouldLeaveSinglePayer());
  seat.participantId = participantId;
  split.participants.push({
    id: participantId,
    status: 'pending',
    paymentIntentId: result.paymentIntentId,
    captureBefore: null,
  });
  split.memberEmails.push(request.email.trim().toLowerCase());
  split.note({
    kind: request.cover ? 'seat_covered' : 'seat_claimed',
    actor: request.actor,
    participantId,
    note: seat.id,
  });
  queued.answer = {
    kind: 'decided',
    outcome: { seatId: seat.id, participantId, paymentIntentId: result.paymentIntentId },
  };
}

// ---- the buyer's reminder --------------------------------------------------------------------

const DAY_MS = 24 * 3600_000;

/**
 * When the buyer is e-mailed the group link (docs/emails.md, "Open seats"): a day before the
 * deadline, or halfway to it when holds last less than two days (test stacks), so never at creation.
 */
function seatReminderAtMs(split: SplitState): number | null {
  if (!split.createdAt || !split.authorizationExpiresAt) return null;
  if (openSeats(split).length === 0 || split.history.some((h) => h.kind === 'seats_reminded')) return null;
  const deadline = Date.parse(split.authorizationExpiresAt);
  const lifetime = deadline - Date.parse(split.createdAt);
  return deadline - Math.min(DAY_MS, lifetime / 2);
}

/** How long until the seat reminder is due (0 or less: now), or null when there is none to send. */
export function seatReminderIn(split: SplitState): number | null {
  const at = seatReminderAtMs(split);
  return at === null ? null : at - Date.now();
}

/** Sends the buyer's seat reminder (the activity decides whether the reminder rules allow it), once. */
export async function remindOpenSeats(split: SplitState) {
  let email: EmailRequest | null = null;
  try {
    email = (await seatReminderActivities.remindOpenSeats({ splitId: split.splitId })).email;
  } catch (error) {
    // A reminder is a courtesy: never a reason for the split to stop.
    split.note({ kind: 'seats_reminded', actor: 'system', note: `not sent: ${failureMessage(error)}` });
    return;
  }
  split.note({ kind: 'seats_reminded', actor: 'system', note: email ? undefined : 'skipped' });
  if (!email) return;
  await startChild(sendEmailWorkflow, {
    workflowId: `email:${email.id}`,
    args: [email],
    parentClosePolicy: ParentClosePolicy.ABANDON,
  });
}
