import type { Hold } from '@groupsplit/shared';

export type DriftKind = 'hold_lapsed' | 'captured_in_dashboard' | 'authorisation_missed' | 'capture_missing';

type SplitView = { status: string };
type ParticipantView = { status: string };

/** A hold the processor cancelled, or one past capture_before (it can no longer be captured). */
export function holdHasLapsed(hold: Pick<Hold, 'status' | 'captureBefore'>, now: Date): boolean {
  if (hold.status === 'canceled') return true;
  return hold.status === 'requires_capture' && hold.captureBefore !== null && Date.parse(hold.captureBefore) <= +now;
}

/**
 * Where a participant row and its PaymentIntent disagree, or null. Splits the workflow is
 * actively capturing or cancelling are left alone for the dashboard-capture case: its own
 * capture and release steps already treat "captured elsewhere" as an outcome.
 */
export function classifyDrift(
  split: SplitView,
  participant: ParticipantView,
  hold: Pick<Hold, 'status' | 'captureBefore'>,
  now: Date,
): DriftKind | null {
  const lapsed = holdHasLapsed(hold, now);
  if (participant.status === 'authorised' && lapsed) return 'hold_lapsed';
  const inFlight = split.status === 'capturing' || split.status === 'canceling';
  if ((participant.status === 'authorised' || participant.status === 'pending') && hold.status === 'succeeded') {
    return inFlight ? null : 'captured_in_dashboard';
  }
  if (participant.status === 'pending' && split.status === 'pending' && hold.status === 'requires_capture' && !lapsed) {
    return 'authorisation_missed';
  }
  if (participant.status === 'captured' && hold.status !== 'succeeded') return 'capture_missing';
  return null;
}
