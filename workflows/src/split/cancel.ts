import { condition } from '@temporalio/workflow';
import { RELEASE_ATTEMPTS, releaseActivities } from './activities';
import { recordDecision } from './decisions';
import type { Actor, CancelOutcome, CancelRequest, SupportResolution } from './messages';
import { releaseStandingHolds } from './release-holds';
import type { SplitState } from './state';
import type { SplitTrigger } from './statuses';
import { resolve, waitForSupport } from './support';

/**
 * Cancel and expiry: `pending` → `canceling` → `canceled`. Every hold still live is released;
 * a release that keeps failing is recorded and the hold left to lapse, and the participant rows
 * end `canceled` anyway (the spec). Only a projection that refuses the final write leaves the
 * split stuck in `canceling` for support.
 */

/** Bounded: a cancel stuck waiting for support must not hold the caller's request open. */
const CANCEL_WAIT = '30 seconds';

/**
 * How long a recorded cancel waits for the main line to write `canceling` before it answers anyway:
 * the main line takes the cancel once the step it is in finishes (an authorisation being recorded, a
 * replace), and the cancel is bound to happen from the moment it is recorded (docs/splits.md, "How
 * fast a cancel answers").
 */
const CANCEL_RECORDED_WAIT = '3 seconds';

const TRIGGER: Record<'canceled' | 'expired', SplitTrigger> = { canceled: 'cancel', expired: 'expiry' };

/**
 * The cancelSplit update: a split that is not pending is left as it is, and says so. A pending one
 * records the cancel (`changed: true`) and answers once the main line has written `canceling`, or
 * after CANCEL_RECORDED_WAIT while the main line finishes another step; it never waits for the
 * releases, which run in the workflow tasks after the one that answers (`cancel` below).
 */
export async function onCancelRequest(split: SplitState, request: CancelRequest): Promise<CancelOutcome> {
  await condition(() => split.status !== 'creating');
  if (split.status !== 'pending') return { status: split.status, changed: false };
  // The merchant's accept was taken first (merchant-accept.ts): it stands; answer with where the capture got.
  if (split.acceptRecorded) {
    await condition(() => split.status !== 'pending' && split.status !== 'canceling', CANCEL_WAIT);
    return { status: split.status, changed: false };
  }
  // Recorded: the main line takes a cancel before anything else (capture.ts, merchant-accept.ts), and
  // an accept is refused from here on, so nothing can capture the split any more.
  split.cancelRequest ??= request;
  await condition(() => split.status !== 'pending', CANCEL_RECORDED_WAIT);
  return { status: split.status, changed: true };
}

/**
 * The cancelSplit signal: the same cancel, for a caller that cannot get an update through (Temporal
 * refuses updates while the workflow's task is being retried). A signal is accepted and kept even
 * then (it reaches the history when the failing task ends); the caller reads the split back.
 */
export async function onCancelSignal(split: SplitState, request: CancelRequest): Promise<void> {
  await condition(() => split.status !== 'creating');
  if (split.status === 'pending' && !split.acceptRecorded) split.cancelRequest ??= request;
}

export async function cancel(split: SplitState, actor: Actor, purpose: 'canceled' | 'expired') {
  const trigger = TRIGGER[purpose];
  // A cancel update is durable only once its task completes: in history before anything is released.
  await recordDecision();
  await split.transition(trigger, 'canceling', actor, { reason: purpose });
  // The releases are local steps: a cancel update's answer would go out only with the task that
  // runs them all (with a slow processor, many seconds). End this task so it goes out now.
  if (purpose === 'canceled') await recordDecision();
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
