import {
  type AppError,
  ApplicationFailure,
  badGateway,
  conflict,
  formatPounds,
  isWorkflowUpdateFailedError,
  MESSAGES,
  MerchantsRepository,
  maskEmail,
  notFound,
  type SplitParticipantRow,
  type SplitRow,
  SplitSeatsRepository,
  SplitsRepository,
  stableUuid,
  unsubscribeUrl,
} from '@groupsplit/shared';
import {
  CLAIM_FAILED,
  COVER_WOULD_LEAVE_SINGLE_PAYER,
  coverShareUpdate,
  NOT_PENDING,
  NOT_REPLACEABLE,
  type NotReplaceableDetails,
  REPLACE_FAILED,
  SEAT_TAKEN,
  UNKNOWN_PARTICIPANT,
  UNKNOWN_SEAT,
} from '@groupsplit/workflows';
import type { CheckoutDeps } from '../deps';
import { sendEmailsNow } from '../email/first-attempt';
import { seatTaken } from '../seats/seats';
import { sameEmail } from './group';
import { askForNewPayer } from './new-payer';
import { notReplaceable } from './replace-participant';

/** Cover has no words in the spec; these are ours (docs/splits.md, "Covering a share"). */
export const COVER_MESSAGES = {
  forbidden: 'Only the person who set up this split can cover a share',
  singlePayer:
    'You would be paying for everyone. Cancel this order and choose Pay it all myself to pay the total with no extra fees.',
  alreadyYours: 'This share is already yours to pay.',
} as const;

const M = COVER_MESSAGES;

export const wouldLeaveSinglePayer = (): AppError => conflict(M.singlePayer, 'cover_would_leave_single_payer');

/** The workflow's refusal of the cover, as our answer; anything else is rethrown as it was. */
function answerForRefusal(error: unknown, splitStatus: () => Promise<string>): Promise<never> | never {
  const cause = isWorkflowUpdateFailedError(error) ? error.cause : null;
  if (cause instanceof ApplicationFailure) {
    if (cause.type === COVER_WOULD_LEAVE_SINGLE_PAYER) throw wouldLeaveSinglePayer();
    if (cause.type === NOT_REPLACEABLE) {
      const details = cause.details?.[0] as NotReplaceableDetails;
      throw notReplaceable(details.splitStatus, details.participantStatus);
    }
    if (cause.type === SEAT_TAKEN) throw seatTaken();
    if (cause.type === NOT_PENDING) return splitStatus().then((now) => Promise.reject(notReplaceable(now, 'pending')));
    if (cause.type === UNKNOWN_PARTICIPANT || cause.type === UNKNOWN_SEAT) throw notFound(MESSAGES.notFound);
    // Nothing changed: the processor would not place the organiser's new hold (its own words).
    if (cause.type === REPLACE_FAILED || cause.type === CLAIM_FAILED) throw badGateway(cause.message, 'cover_failed');
  }
  throw error;
}

export type Covered = { split: SplitRow; participant: SplitParticipantRow };

/**
 * The organiser takes over a pending share (or an open seat) when a friend drops out: through the
 * split workflow's coverShare update (cover.ts there), which decides it in turn with authorisations,
 * replaces, claims, a cancel and the expiry. The share keeps its id and amount; it gets the organiser's
 * address and name, a new pay token and a new hold, and keeps whom it covered. The person covered is
 * told they need not pay. The checks here answer early from what was read; the workflow decides.
 */
export async function coverShare(
  deps: CheckoutDeps,
  split: SplitRow,
  request: { targetId: string; organiser: { email: string; name: string | null }; actor: string },
): Promise<Covered> {
  const splits = new SplitsRepository(deps.db);
  const [participants, seats] = await Promise.all([
    splits.participantsOf(split.id),
    split.group_token ? new SplitSeatsRepository(deps.db).seatsOf(split.id) : Promise.resolve([]),
  ]);
  const target = participants.find((p) => p.id === request.targetId);
  const seat = target ? null : seats.find((s) => s.id === request.targetId);
  if (!target && !seat) throw notFound(MESSAGES.notFound);
  if (split.status !== 'pending' || (target && target.status !== 'pending'))
    throw notReplaceable(split.status, target?.status ?? 'pending');
  if (seat && seat.participant_id !== null) throw seatTaken();
  if (target && sameEmail(target.email, request.organiser.email)) throw conflict(M.alreadyYours, 'already_yours');
  const othersTheirs =
    participants.every((p) => p.id === request.targetId || sameEmail(p.email, request.organiser.email)) &&
    seats.every((s) => s.id === request.targetId || s.participant_id !== null);
  if (othersTheirs) throw wouldLeaveSinglePayer();

  const status = async () => (await splits.statusOf(split.id)) ?? split.status;
  const call = await askForNewPayer(
    deps,
    split.id,
    coverShareUpdate,
    { targetId: request.targetId, email: request.organiser.email, name: request.organiser.name, actor: request.actor },
    (error) => answerForRefusal(error, status),
  );
  if (call.changed) {
    if (call.status === null) throw notFound(MESSAGES.notFound);
    throw notReplaceable(call.status, target ? await splits.participantStatus(target.id) : 'pending');
  }
  const [now, everyone] = await Promise.all([splits.findVisible(split.id), splits.participantsOf(split.id)]);
  const participant = everyone.find((p) => p.id === call.value.participantId);
  if (!now || !participant) throw notFound(MESSAGES.notFound);
  if (participant.covered_email) await tellCovered(deps, now, participant, call.value.paymentIntentId);
  return { split: now, participant };
}

/**
 * "<organiser> is covering your share": the person covered need not pay and nothing was taken from
 * them (their hold, if they had started one, was released with the cover). One e-mail per cover.
 */
async function tellCovered(deps: CheckoutDeps, split: SplitRow, participant: SplitParticipantRow, holdId: string) {
  const merchant = await new MerchantsRepository(deps.db).get(split.merchant_id);
  const organiser = split.session_context?.organiser_name ?? participant.name ?? maskEmail(participant.email);
  const to = participant.covered_email!;
  await sendEmailsNow(deps, [
    {
      id: stableUuid(`participant-covered:${participant.id}:${holdId}`),
      to,
      template: 'splits.covered',
      merchantId: merchant.id,
      category: 'participant',
      replyTo: merchant.business_email,
      data: {
        business_name: merchant.name,
        order_reference: split.order_reference,
        amount: formatPounds(participant.amount),
        organiser,
        unsubscribe_url: unsubscribeUrl(deps.config, to),
      },
    },
  ]);
}
