import { ApplicationFailure, condition, uuid4 } from '@temporalio/workflow';
import { projectionActivities, supportActivities } from './activities';
import type { SupportAuditInput } from './activity-types';
import { failureMessage } from './failures';
import type { SupportOutcome, SupportRefusal, SupportResolution } from './messages';
import type { QueuedSupport, SplitState, SupportRequest } from './state';
import type { SplitStatus } from './statuses';
import { SUPPORT_REFUSED, type SupportRuleInput, supportActor, supportRefusal } from './support-rules';
import { transition } from './transitions';

/**
 * Support: a split that cannot finish capturing or canceling by itself waits here for an
 * operator (docs/runbook.md). Retry tries the same step again; compensate gives up a capture
 * (refund what was taken, release the rest); resolve records the final status support settled
 * by hand.
 *
 * Each action arrives as an Update (`supportRetry`, `supportCompensate`, `supportResolve`: the
 * Temporal UI's "Send an Update" and the support CLI), whose validator refuses at once and says
 * why, or as the same-named signal (for tools that can only signal). Whatever sent it, an accepted
 * action is recorded by the workflow itself (`recordSupportAction`: the audit row and the history
 * row), and a refused signal changes nothing and is recorded as refused.
 */

/** How many refused signals the `state` query lists (the latest); older ones stay in the audit log. */
export const SUPPORT_REFUSALS_KEPT = 20;

function ruleInput(split: SplitState): SupportRuleInput {
  const waiting = split.supportRequests.peek();
  return {
    splitId: split.splitId,
    status: split.status,
    stuck: split.stuck,
    waiting: waiting ? { kind: waiting.kind, actor: waiting.action.actor } : null,
  };
}

/** The support Updates' validator: throws the refusal the UI or CLI shows. */
export function validateSupportRequest(split: SplitState, request: SupportRequest) {
  const why = supportRefusal(ruleInput(split), request.kind, request.action);
  if (why !== null) throw ApplicationFailure.create({ type: SUPPORT_REFUSED, message: why, nonRetryable: true });
}

/** The action as the workflow records it: `support:<name>`, the reason trimmed, and where the split is stuck. */
function recorded(split: SplitState, request: SupportRequest): QueuedSupport {
  const action = { ...request.action, actor: supportActor(request.action.actor), reason: request.action.reason.trim() };
  return { ...request, action, stage: split.stuck!.stage } as QueuedSupport;
}

/** Never met: the split stays stuck until it takes the action queued (waitForSupport). */
const notStuck = (split: SplitState) => () =>
  ApplicationFailure.create({
    type: SUPPORT_REFUSED,
    message: `Split ${split.splitId} is ${split.status}: no longer waiting for support`,
    nonRetryable: true,
  });

/** A support Update (validated already): answers once the workflow has taken the action and recorded it. */
export function onSupportUpdate(split: SplitState, request: SupportRequest): Promise<SupportOutcome> {
  return split.supportRequests.ask(recorded(split, request), notStuck(split));
}

/** A support signal: taken like the Update when the rules allow it; otherwise refused, changing nothing. */
export async function onSupportSignal(split: SplitState, request: SupportRequest) {
  const why = supportRefusal(ruleInput(split), request.kind, request.action);
  if (why === null) {
    split.supportRequests.add(recorded(split, request));
    return;
  }
  const given = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  const actor = given(request.action?.actor);
  const refusal: SupportRefusal = {
    at: new Date().toISOString(),
    action: request.kind,
    actor: actor === null ? null : supportActor(actor),
    reason: given(request.action?.reason),
    why,
  };
  split.supportRefusals.push(refusal);
  split.supportRefusals.splice(0, split.supportRefusals.length - SUPPORT_REFUSALS_KEPT);
  split.note({ kind: `support_${request.kind}_refused`, actor: refusal.actor ?? 'unknown', note: why });
  try {
    await supportActivities.recordSupportAction({
      ...auditOf(split, request.kind, {
        ...refusal,
        status: request.kind === 'resolve' ? (request.action?.status ?? undefined) : undefined,
      }),
      outcome: 'refused',
      why,
      dedupeKey: `support_refused:${split.splitId}:${uuid4()}`,
    });
  } catch (error) {
    // The refusal changed nothing; failing to record it must not fail the split.
    split.note({
      kind: `support_${request.kind}_refused`,
      actor: 'system',
      note: `not recorded: ${failureMessage(error)}`,
    });
  }
}

function auditOf(
  split: SplitState,
  action: SupportRequest['kind'],
  by: { actor: string | null; reason: string | null; status?: SupportResolution['status'] },
): Omit<SupportAuditInput, 'outcome' | 'dedupeKey'> {
  return {
    splitId: split.splitId,
    merchantId: split.input.merchantId,
    action,
    actor: by.actor,
    reason: by.reason,
    ...(by.status ? { status: by.status } : {}),
    before: { status: split.status, stuck: split.stuck },
  };
}

/** Waits for an operator; one decision per stuck episode, recorded before it is acted on. */
export async function waitForSupport(
  split: SplitState,
  stage: 'capturing' | 'canceling',
  error: unknown,
): Promise<SupportRequest> {
  const message = failureMessage(error);
  split.stuck = { stage, error: message, since: new Date().toISOString() };
  await projectionActivities.recordSplitHistory({
    splitId: split.splitId,
    kind: 'stuck',
    actor: 'system',
    dedupeKey: `stuck:${split.splitId}:${uuid4()}`,
    detail: { stage, error: message },
  });
  split.note({ kind: 'stuck', actor: 'system', note: message });
  await condition(() => split.supportRequests.size > 0);
  const request = split.supportRequests.peek()!;
  const status = request.kind === 'resolve' ? request.action.status : undefined;
  await supportActivities.recordSupportAction({
    ...auditOf(split, request.kind, { ...request.action, status }),
    outcome: 'accepted',
    dedupeKey: `support:${split.splitId}:${uuid4()}`,
  });
  // Taken only once recorded: until then the rules refuse a second action (one per stuck episode).
  split.supportRequests.take()!.answer = {
    kind: 'decided',
    outcome: { accepted: true, action: request.kind, actor: request.action.actor, stage: request.stage },
  };
  split.stuck = null;
  split.note({ kind: `support_${request.kind}`, actor: request.action.actor, note: request.action.reason });
  return request;
}

/**
 * "Mark resolved": the status support chose, or the stage's failure default. A status the table
 * does not allow from here (e.g. `captured` from `canceling`) is refused by the transition gate
 * before anything is written, and the split waits for support again.
 */
export async function resolve(split: SplitState, action: SupportResolution, fallback: SplitStatus) {
  const to = action.status ?? fallback;
  transition(split.status, 'support_resolve', to); // refused before capturedAt moves
  if (to === 'captured') split.capturedAt = new Date().toISOString();
  await split.transition('support_resolve', to, action.actor, { reason: `resolved by support: ${action.reason}` });
}
