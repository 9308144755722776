import { MESSAGES, notFound, RoleSchema, TimestampSchema } from '@groupsplit/shared';
import { z } from 'zod';

/** The token in the path is the credential; anything malformed is simply not a live invitation. */
export const InviteTokenParamsSchema = z.object({ token: z.string().min(16).max(128) });

export const invalidInvitation = () => notFound(MESSAGES.inviteInvalid, 'invite_invalid');

/** GET /api/merchants/team-invites/:token: what the invitee sees before accepting. */
export const InvitePreviewSchema = z
  .object({ business_name: z.string(), role: RoleSchema, email_masked: z.string(), expires_at: TimestampSchema })
  .meta({ id: 'InvitePreview' });

/** POST /api/merchants/team-invites/:token/accept. */
export const InviteAcceptedSchema = z
  .object({ ok: z.literal(true), merchant_id: z.string() })
  .meta({ id: 'InviteAccepted' });
