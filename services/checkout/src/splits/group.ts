import { maskEmail, type SplitParticipantRow } from '@groupsplit/shared';
import type { z } from 'zod';
import { isApproved } from '../routes/checkout-sessions/session-state';
import type { GroupProgressSchema } from '../routes/pay/schema';

type Participant = Pick<SplitParticipantRow, 'id' | 'email' | 'status'>;

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
