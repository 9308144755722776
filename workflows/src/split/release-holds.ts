import type { ReleasePurpose, SplitActivities } from './activity-types';
import { failureMessage } from './failures';
import type { Actor } from './messages';
import type { HistoryKind, InFlightStep } from './snapshot';
import type { SplitState } from './state';

/** How one caller releases holds: cancel's own releases, or the capture saga's rollback. */
export type HoldRelease = {
  activities: Pick<SplitActivities, 'releaseShare'>;
  step: Extract<InFlightStep, 'release' | 'rollback_release'>;
  failedKind: Extract<HistoryKind, 'release_failed' | 'rollback_release_failed'>;
  purpose: ReleasePurpose;
  maxAttempts: number;
  actor: Actor;
};

/**
 * Releases every hold still standing (a pending or authorised share), one at a time in participant
 * order. Each release is best-effort: a failure is recorded (`failedKind`) and the hold left to lapse.
 */
export async function releaseStandingHolds(split: SplitState, release: HoldRelease) {
  const { activities, step, failedKind, purpose, maxAttempts, actor } = release;
  for (const participant of split.participants) {
    if (participant.status !== 'pending' && participant.status !== 'authorised') continue;
    try {
      const released = await split.track(
        { step, participantId: participant.id },
        activities.releaseShare({ splitId: split.splitId, participantId: participant.id, purpose, actor, maxAttempts }),
      );
      participant.status = released.status;
    } catch (error) {
      // The activity records the failure on its last attempt; a timeout lands here instead.
      split.note({ kind: failedKind, actor, participantId: participant.id, note: failureMessage(error) });
    }
  }
}
