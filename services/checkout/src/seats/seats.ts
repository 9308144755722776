import {
  ApplicationFailure,
  badGateway,
  conflict,
  formatPounds,
  isWorkflowUpdateFailedError,
  MESSAGES,
  notFound,
  type SplitParticipantRow,
  type SplitRow,
  type SplitSeatRow,
  SplitSeatsRepository,
  SplitsRepository,
} from '@groupsplit/shared';
import {
  ALREADY_IN_SPLIT,
  CLAIM_FAILED,
  claimSeatUpdate,
  NOT_PENDING,
  SEAT_TAKEN,
  UNKNOWN_SEAT,
} from '@groupsplit/workflows';
import { seatPayLinkEmailId } from '@groupsplit/workflows/client';
import type { CheckoutDeps } from '../deps';
import { sameEmail } from '../splits/group';
import { askForNewPayer, inviteNewPayer } from '../splits/new-payer';

/**
 * Open seats (docs/splits.md, "Open seats"): shares of a hosted-checkout split that nobody holds
 * until someone takes one through the split's group link, or the buyer fills one by e-mail. Both go
 * through the split workflow's claimSeat update, which takes claims one at a time.
 */

/** Our words for the claim's refusals (the spec has none). */
export const SEAT_MESSAGES = {
  seatTaken: 'Someone else took this seat first.',
  alreadyInSplit: 'That person is already in this split.',
  notPending: (status: string) => `This split is ${status}; seats can be taken only while it is pending.`,
  email: 'Enter a valid e-mail address for the person taking this seat.',
  forbidden: 'Only the buyer who made this split can fill its seats',
} as const;

export const groupUrl = (baseUrl: string, groupToken: string) => new URL(`/join/${groupToken}`, baseUrl).toString();

const openOnly = (seats: SplitSeatRow[]) => seats.filter((seat) => seat.participant_id === null);

export const presentOpenSeats = (seats: SplitSeatRow[]) =>
  openOnly(seats).map((seat) => ({ id: seat.id, amount: formatPounds(seat.amount) }));

/**
 * The fields a split made with open seats adds to its answers (SeatFieldsSchema): nothing at all for
 * a split without seats, so those answers stay exactly as they were.
 */
export function presentSeatFields(split: Pick<SplitRow, 'group_token'>, seats: SplitSeatRow[], baseUrl: string) {
  if (!split.group_token) return {};
  return { group_url: groupUrl(baseUrl, split.group_token), open_seats: presentOpenSeats(seats) };
}

/** How many seats are still open: they count in the group's `total_count`. */
export const openSeatCount = (seats: SplitSeatRow[]) => openOnly(seats).length;

/**
 * A group's progress as the hosted pages draw it: the open seats counted in `total_count` and listed
 * (`open_seats`); the group as it was when no seat is open.
 */
export function withOpenSeats<G extends { total_count: number }>(group: G, seats: SplitSeatRow[]) {
  const open = presentOpenSeats(seats);
  return open.length ? { ...group, total_count: group.total_count + open.length, open_seats: open } : group;
}

/** A split's seats, read only for a split made with seats. */
export const seatsOfSplit = (db: CheckoutDeps['db'], split: Pick<SplitRow, 'id' | 'group_token'>) =>
  split.group_token ? new SplitSeatsRepository(db).seatsOf(split.id) : Promise.resolve([] as SplitSeatRow[]);

export const seatTaken = () => conflict(SEAT_MESSAGES.seatTaken, 'seat_taken');
export const alreadyInSplit = () => conflict(SEAT_MESSAGES.alreadyInSplit, 'already_in_split');
export const notPending = (status: string) => conflict(SEAT_MESSAGES.notPending(status), 'not_pending');

/** The workflow's refusal of the update, as our answer; anything else is rethrown as it was. */
function answerForRefusal(error: unknown, status: () => Promise<string>): Promise<never> | never {
  const cause = isWorkflowUpdateFailedError(error) ? error.cause : null;
  if (cause instanceof ApplicationFailure) {
    if (cause.type === SEAT_TAKEN) throw seatTaken();
    if (cause.type === ALREADY_IN_SPLIT) throw alreadyInSplit();
    if (cause.type === UNKNOWN_SEAT) throw notFound(MESSAGES.notFound);
    if (cause.type === NOT_PENDING) return status().then((now) => Promise.reject(notPending(now)));
    // Nothing changed: the processor would not place the new hold (its own words).
    if (cause.type === CLAIM_FAILED) throw badGateway(cause.message, 'claim_failed');
  }
  throw error;
}

export type Claimed = { split: SplitRow; participant: SplitParticipantRow };

/**
 * Takes an open seat for `email` through the split workflow: the seat becomes a participant with that
 * address (and the name given, docs/splits.md "Names"), a hold and a pay link, and the person is
 * e-mailed their invitation, which says who asked and for what as the first invitations do. The checks here answer
 * early from what was read; the workflow decides for good, one claim at a time.
 */
export async function claimSeat(
  deps: CheckoutDeps,
  split: SplitRow,
  request: { seatId: string; email: string; name?: string | null; actor: string },
): Promise<Claimed> {
  const splits = new SplitsRepository(deps.db);
  const [seats, participants] = await Promise.all([
    new SplitSeatsRepository(deps.db).seatsOf(split.id),
    splits.participantsOf(split.id),
  ]);
  const seat = seats.find((s) => s.id === request.seatId);
  if (!seat) throw notFound(MESSAGES.notFound);
  if (split.status !== 'pending') throw notPending(split.status);
  if (seat.participant_id !== null) throw seatTaken();
  if (participants.some((p) => sameEmail(p.email, request.email))) throw alreadyInSplit();

  const status = async () => (await splits.statusOf(split.id)) ?? split.status;
  const { name, ...claim } = request;
  // The name travels only when given: a claim without one asks the workflow as before.
  const call = await askForNewPayer(deps, split.id, claimSeatUpdate, name ? { ...claim, name } : claim, (error) =>
    answerForRefusal(error, status),
  );
  // The workflow closed (or left pending) between our read and the call.
  if (call.changed) {
    if (call.status === null) throw notFound(MESSAGES.notFound);
    throw notPending(call.status);
  }
  return inviteNewPayer(deps, split, call.value.participantId, {
    // One e-mail per seat, however often this answer is retried.
    id: seatPayLinkEmailId(seat.id),
    progress: (everyone) => ({
      paid: everyone.filter((p) => p.status !== 'pending').length,
      total: everyone.length + openSeatCount(seats) - 1,
    }),
  });
}
