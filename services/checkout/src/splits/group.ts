import { maskEmail, type SplitParticipantRow } from '@groupsplit/shared';
import type { z } from 'zod';
import type { GroupProgressSchema } from './schema';

type Participant = Pick<SplitParticipantRow, 'id' | 'email' | 'status'>;

const APPROVED = new Set(['authorised', 'captured', 'refunded']);
/** Has approved their share: authorised, or captured or refunded since. */
export const isApproved = (participant: Pick<SplitParticipantRow, 'status'>) => APPROVED.has(participant.status);

/**
 * A split's progress as one of its group sees it (the pay view and the hosted pages): how many
 * have approved, and each participant masked, with the viewer marked. The one place that decides
 * what a participant may see of the others.
 */
export function presentGroup(
  participants: Participant[],
  isYou: (participant: Participant) => boolean,
): z.infer<typeof GroupProgressSchema> {
  return {
    approved_count: participants.filter(isApproved).length,
    total_count: participants.length,
    participants: participants.map((p) => ({
      email_masked: maskEmail(p.email),
      status: p.status,
      is_you: isYou(p),
    })),
  };
}

/** Same address, ignoring case and surrounding spaces (how the split's e-mail rules compare them). */
export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
