import { randomUUID } from 'node:crypto';
import {
  AppError,
  formatPounds,
  MESSAGES,
  MerchantsRepository,
  notFound,
  type SplitParticipantRow,
  type SplitRow,
  SplitsRepository,
} from '@groupsplit/shared';
import { splitWorkflowId } from '@groupsplit/workflows';
import type { UpdateDefinition } from '@temporalio/client';
import type { CheckoutDeps } from '../deps';
import { payUrl } from '../sessions/session-state';
import { callSplitWorkflow, type WorkflowCallResult } from './changed-since-read';
import { invitationContext, sendPayLink } from './invitations';
import type { NewPayerAnswer } from './schema';

/**
 * Giving a share to someone new, by e-mail address: a replaced participant's share
 * (replace-participant.ts) or an open seat (seats/seats.ts). Both ask the split workflow, which
 * decides one change at a time, then e-mail the new person their pay link; the buyer's routes answer
 * the participant with that link (newPayerAnswer).
 */

/**
 * Asks the split workflow, by `update`, to give a share of a split read as pending to
 * `request.email` (trimmed). The workflow's refusals become our answers through `refusal`; when the
 * workflow closed (or left pending) between our read and the call, the result is `changed`.
 */
export async function askForNewPayer<Request extends { email: string }, Outcome>(
  deps: CheckoutDeps,
  splitId: string,
  update: UpdateDefinition<Outcome, [Request]>,
  request: Request,
  refusal: (error: unknown) => Promise<never> | never,
): Promise<WorkflowCallResult<Outcome>> {
  const handle = deps.temporal.client.workflow.getHandle(splitWorkflowId(splitId));
  // One update id for every ask of this request: asked again, the server joins a pending one.
  const updateId = randomUUID();
  return callSplitWorkflow(
    deps,
    splitId,
    () =>
      handle.executeUpdate(update, { args: [{ ...request, email: request.email.trim() }], updateId }).catch(refusal),
    (error, now) => !(error instanceof AppError) && now !== 'pending',
  );
}

/**
 * After the workflow gave a share to someone new: the split and that participant as they are now,
 * and the person e-mailed their pay link. `email.id` makes it one e-mail however often the answer is
 * retried; `email.progress` is the group's progress the e-mail tells, from everyone in the split now.
 */
export async function inviteNewPayer(
  deps: CheckoutDeps,
  split: SplitRow,
  participantId: string,
  email: { id: string; progress: (everyone: SplitParticipantRow[]) => { paid: number; total: number } },
): Promise<{ split: SplitRow; participant: SplitParticipantRow }> {
  const splits = new SplitsRepository(deps.db);
  const [now, everyone, merchant] = await Promise.all([
    splits.findVisible(split.id),
    splits.participantsOf(split.id),
    new MerchantsRepository(deps.db).get(split.merchant_id),
  ]);
  const participant = everyone.find((p) => p.id === participantId);
  if (!now || !participant) throw notFound(MESSAGES.notFound);
  await sendPayLink(deps, {
    id: email.id,
    merchant,
    orderReference: now.order_reference,
    expiresAt: now.authorization_expires_at.toISOString(),
    participant,
    progress: email.progress(everyone),
    // Who asks and for what, as the split's first invitations said (docs/emails.md).
    ...(await invitationContext(deps, now, merchant.name)),
  });
  return { split: now, participant };
}

/** The buyer's answer (newPayerAnswerSchema): the participant whose share someone new took, with their pay link. */
export const newPayerAnswer = (participant: SplitParticipantRow, baseUrl: string): NewPayerAnswer => ({
  participant: {
    id: participant.id,
    email: participant.email,
    amount: formatPounds(participant.amount),
    status: participant.status,
    pay_url: payUrl(baseUrl, participant.pay_token),
  },
});
