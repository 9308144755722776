import { condition } from '@temporalio/workflow';
import { RELEASE_ATTEMPTS, releaseActivities } from './activities';
import { recordDecision } from './decisions';
import { releaseStandingHolds } from './release-holds';
import type { SplitState } from './state';
import { resolve, waitForSupport } from './support';
import type { Actor, CancelOutcome, CancelRequest, SplitTrigger, SupportResolution } from './types';

/**
 * Cancel and expiry: `pending` → `canceling` → `canceled`. Every hold still live is released;
 * a release that keeps failing is recorded and the hold left to lapse, and the participant rows
 * end `canceled` anyway (the spec). Only a projection that refuses the final write leaves the
 * split stuck in `canceling` for support.
 */

/** Bounded: a cancel stuck waiting for support must not hold the caller's request open. */
const CANCEL_WAIT = '30 seconds';

const TRIGGER: Record<'canceled' | 'expired', SplitTrigger> = { canceled: 'cancel', expired: 'expiry' };

/** The cancelSplit update: a split that is not pending is left as it is, and says so. */
export async function onCancelRequest(split: SplitState, request: CancelRequest): Promise<CancelOutcome> {
  await condition(() => split.status !== 'creating');
  if (split.status !== 'pending') return { status: split.status, changed: false };
  // The merchant's accept was taken first (merchant-accept.ts): it stands; answer with where the capture got.
  if (split.acceptRequest) {
    await condition(() => split.status !== 'pending' && split.status !== 'canceling', CANCEL_WAIT);
    return { status: split.status, changed: false };
  }
  split.cancelRequest ??= request;
  await condition(() => split.status !== 'pending' && split.status !== 'canceling', CANCEL_WAIT);
  return { status: split.status, changed: true };
}

/**
 * The cancelSplit signal: the same cancel, for a caller that cannot get an update through (Temporal
 * refuses updates while the workflow's task is being retried). A signal is accepted and kept even
 * then (it reaches the history when the failing task ends); the caller reads the split back.
 */
export async function onCancelSignal(split: SplitState, request: CancelRequest): Promise<void> {
  await condition(() => split.status !== 'creating');
  if (split.status === 'pending' && !split.acceptRequest) split.cancelRequest ??= request;
}

export async function cancel(split: SplitState, actor: Actor, purpose: 'canceled' | 'expired') {
  const trigger = TRIGGER[purpose];
  // A cancel update is durable only once its task completes: in history before anything is released.
  await recordDecision();
  await split.transition(trigger, 'canceling', actor, { reason: purpose });
  let resolution: SupportResolution | null = null;
  for (;;) {
    try {
      // A resolution whose own write fails waits for support again rather than failing the workflow.
      if (resolution) return await resolve(split, resolution, 'canceled');
      await releaseStandingHolds(split, {
        activities: releaseActivities,
        step: 'release',
        failedKind: 'release_failed',
        purpose,
        maxAttempts: RELEASE_ATTEMPTS,
        actor,
      });
      const leftovers = split.participants.filter((p) => p.status === 'pending' || p.status === 'authorised');
      await split.transition(trigger, 'canceled', actor, {
        reason: purpose,
        // The spec: participant rows end canceled even where a release failed (the hold lapses).
        participants: { ids: leftovers.map((p) => p.id), to: 'canceled' },
      });
      return;
    } catch (error) {
      const request = await waitForSupport(split, 'canceling', error);
      // Retry and compensate both mean "release again" here.
      resolution = request.kind === 'resolve' ? request.action : null;
    }
  }
}
