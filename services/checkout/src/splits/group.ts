import { maskEmail, type SplitParticipantRow } from '@groupsplit/shared';
import type { z } from 'zod';
import type { GroupProgressSchema } from './schema';

type Participant = Pick<SplitParticipantRow, 'id' | 'email' | 'status'> & { name?: string | null };

const APPROVED = new Set(['authorised', 'captured', 'refunded']);
/** Has approved their share: authorised, or captured or refunded since. */
export const isApproved = (participant: Pick<SplitParticipantRow, 'status'>) => APPROVED.has(participant.status);

/**
 * The display rule (docs/splits.md, "Names"): the group sees the name typed for a person as it was
 * typed, and their masked address only where there is no name. Pages show `name ?? email_masked`.
 */
export const groupName = (participant: Pick<Participant, 'name'>): string | null =>
  participant.name?.trim() ? participant.name : null;

/** What the group is shown for one person: their name, else their masked address. */
export const shownAs = (participant: Pick<Participant, 'name' | 'email'>): string =>
  groupName(participant) ?? maskEmail(participant.email);

/**
 * A split's progress as one of its group sees it (the pay view and the hosted pages): how many
 * have approved, and each participant by name (as typed) and masked address, with the viewer
 * marked. The one place that decides what a participant may see of the others.
 */
export function presentGroup(
  participants: Participant[],
  isYou: (participant: Participant) => boolean,
): z.infer<typeof GroupProgressSchema> {
  return {
    approved_count: participants.filter(isApproved).length,
    total_count: participants.length,
    participants: participants.map((p) => ({
      name: groupName(p),
      email_masked: maskEmail(p.email),
      status: p.status,
      is_you: isYou(p),
    })),
  };
}

/** Same address, ignoring case and surrounding spaces (how the split's e-mail rules compare them). */
export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
