import { condition, uuid4 } from '@temporalio/workflow';
import { projectionActivities } from './activities';
import { failureMessage } from './failures';
import type { SplitState, SupportRequest } from './state';
import { transition } from './transitions';
import type { SplitStatus, SupportAction, SupportHistoryKind, SupportResolution } from './types';

/**
 * Support: a split that cannot finish capturing or canceling by itself waits here for an
 * operator (docs/runbook.md). Retry tries the same step again; compensate gives up a capture
 * (refund what was taken, release the rest); resolve records the final status support settled
 * by hand. Every request is recorded in the split's history, as is every wait.
 */

/** The support signals. Support acts only on a stuck split; an early or stray request must not fire later. */
export function onSupportRequest(split: SplitState, request: SupportRequest) {
  if (split.stuck === null) {
    split.note({ kind: `support_${request.kind}_ignored`, actor: request.action.actor, note: 'split is not stuck' });
    return;
  }
  split.supportRequests.push(request);
}

async function recordSupport(split: SplitState, kind: SupportHistoryKind, action: SupportAction) {
  await projectionActivities.recordSplitHistory({
    splitId: split.splitId,
    kind,
    actor: action.actor,
    dedupeKey: `support:${split.splitId}:${uuid4()}`,
    detail: { reason: action.reason, status: split.status },
  });
  split.note({ kind, actor: action.actor, note: action.reason });
}

/** Waits for an operator; one decision per stuck episode. */
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
  await condition(() => split.supportRequests.length > 0);
  const request = split.supportRequests.shift()!;
  split.supportRequests.length = 0;
  split.stuck = null;
  await recordSupport(split, `support_${request.kind}`, request.action);
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
