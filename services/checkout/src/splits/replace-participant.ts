import {
  type AppError,
  ApplicationFailure,
  badGateway,
  badRequest,
  conflict,
  isWorkflowUpdateFailedError,
  MESSAGES,
  notFound,
  type SplitParticipantRow,
  type SplitRow,
  SplitsRepository,
} from '@groupsplit/shared';
import {
  NOT_REPLACEABLE,
  type NotReplaceableDetails,
  REPLACE_FAILED,
  type ReplaceOutcome,
  replaceParticipantUpdate,
  UNKNOWN_PARTICIPANT,
} from '@groupsplit/workflows';
import { replacementPayLinkEmailId } from '@groupsplit/workflows/client';
import type { CheckoutDeps } from '../deps';
import { sameEmail } from './group';
import { askForNewPayer, inviteNewPayer } from './new-payer';

/** Replace has no words in the spec; these are ours (docs/splits.md, "Replacing a participant"). */
export const REPLACE_MESSAGES = {
  forbidden: 'Only the creator or the merchant can replace a participant',
  email: 'Enter a valid e-mail address for the person taking over this share.',
  alreadyIn: 'That person is already in this split.',
  splitNotPending: (status: string) =>
    `This split is ${status}; only the participants of a pending split can be replaced.`,
  participantNotPending: (status: string) =>
    `This participant is ${status}; only someone who has not paid yet can be replaced.`,
} as const;

const M = REPLACE_MESSAGES;

/** 409 `not_replaceable`, naming the status in the way: the participant's if it is not pending, else the split's. */
export function notReplaceable(splitStatus: string, participantStatus: string): AppError {
  const message =
    participantStatus !== 'pending' ? M.participantNotPending(participantStatus) : M.splitNotPending(splitStatus);
  return conflict(message, 'not_replaceable', { status: splitStatus, participant_status: participantStatus });
}

/** The workflow's refusal of the update, as our answer; anything else is rethrown as it was. */
function answerForRefusal(error: unknown): never {
  const cause = isWorkflowUpdateFailedError(error) ? error.cause : null;
  if (cause instanceof ApplicationFailure) {
    if (cause.type === NOT_REPLACEABLE) {
      const details = cause.details?.[0] as NotReplaceableDetails;
      throw notReplaceable(details.splitStatus, details.participantStatus);
    }
    if (cause.type === UNKNOWN_PARTICIPANT) throw notFound(MESSAGES.notFound);
    // Nothing changed: the processor would not place the new hold (its own words).
    if (cause.type === REPLACE_FAILED) throw badGateway(cause.message, 'replace_failed');
  }
  throw error;
}

export type Replaced = { split: SplitRow; participant: SplitParticipantRow; outcome: ReplaceOutcome };

/**
 * Hands a pending participant's share to `email`, through the split workflow (replace.ts there):
 * same participant id and share; new e-mail, pay token and hold; the old hold released; a
 * history row. Then e-mails the new person their pay link. The caller has checked who may do it.
 * The checks here answer early from what was read; the workflow decides for good, one thing at a
 * time, so a replace racing the target's authorisation, a cancel or the expiry is never half-applied.
 */
export async function replaceParticipant(
  deps: CheckoutDeps,
  split: SplitRow,
  request: { participantId: string; email: string; name: string | null; actor: string },
): Promise<Replaced> {
  const splits = new SplitsRepository(deps.db);
  const participants = await splits.participantsOf(split.id);
  const target = participants.find((p) => p.id === request.participantId);
  if (!target) throw notFound(MESSAGES.notFound);
  if (split.status !== 'pending' || target.status !== 'pending') throw notReplaceable(split.status, target.status);
  if (participants.some((p) => sameEmail(p.email, request.email))) throw badRequest(M.alreadyIn, 'already_in_split');

  const call = await askForNewPayer(deps, split.id, replaceParticipantUpdate, request, answerForRefusal);
  // The workflow closed (or left pending) between our read and the call: not replaceable now.
  if (call.changed) {
    if (call.status === null) throw notFound(MESSAGES.notFound);
    throw notReplaceable(call.status, await splits.participantStatus(target.id));
  }
  const outcome = call.value;
  const invited = await inviteNewPayer(deps, split, target.id, {
    // One e-mail per replacement, however often this answer is retried.
    id: replacementPayLinkEmailId(target.id, outcome.replacement),
    progress: () => ({ paid: participants.filter((p) => p.status !== 'pending').length, total: participants.length }),
  });
  return { ...invited, outcome };
}
