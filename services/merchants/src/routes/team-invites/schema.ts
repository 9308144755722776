import { AppError } from '@groupsplit/shared';
import { z } from 'zod';
import { TEAM_MESSAGES } from '../team/messages';

/** The token in the path is the credential; anything malformed is simply not a live invitation. */
export const InviteTokenParamsSchema = z.object({ token: z.string().min(16).max(128) });

export const invalidInvitation = () => new AppError(404, TEAM_MESSAGES.inviteInvalid, 'invite_invalid');
