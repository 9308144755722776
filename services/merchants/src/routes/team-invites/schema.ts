import { MESSAGES, notFound } from '@groupsplit/shared';
import { z } from 'zod';

/** The token in the path is the credential; anything malformed is simply not a live invitation. */
export const InviteTokenParamsSchema = z.object({ token: z.string().min(16).max(128) });

export const invalidInvitation = () => notFound(MESSAGES.inviteInvalid, 'invite_invalid');
