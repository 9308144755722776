import { holdsExpireAt, type SplitParticipantRow } from '@groupsplit/shared';

/**
 * The pay view's `capture_before` (the reader's own hold) and `holds_expire_at` (the split's first hold
 * to lapse): docs/splits.md, "Holds that lapse sooner".
 */
export function payHoldLapse(
  participants: Pick<SplitParticipantRow, 'id' | 'capture_before'>[],
  participantId: string,
) {
  const own = participants.find((p) => p.id === participantId);
  return {
    capture_before: own?.capture_before?.toISOString() ?? null,
    holds_expire_at: holdsExpireAt(participants)?.toISOString() ?? null,
  };
}
