import { idField, MESSAGES, notFound, RoleSchema, textField, timestampField } from '@groupsplit/shared';
import { z } from 'zod';

/** The token in the path is the credential; anything malformed is simply not a live invitation. */
export const InviteTokenParamsSchema = z.object({
  token: z.string().min(16).max(128).meta({
    description: 'The invitation token from the e-mailed link, 16 to 128 characters.',
    example: 'inv_R3k9Wq2Lx8Vn5Tz1',
  }),
});

export const invalidInvitation = () => notFound(MESSAGES.inviteInvalid, 'invite_invalid');

/** GET /api/merchants/team-invites/:token: what the invitee sees before accepting. */
export const InvitePreviewSchema = z
  .object({
    business_name: textField('The business inviting you.', 'Picnic Supplies'),
    role: RoleSchema,
    email_masked: textField('The invited address, masked: sign in with it to accept.', 'j***@example.com'),
    expires_at: timestampField('When the invitation lapses.'),
  })
  .meta({ id: 'InvitePreview', description: 'What the invitee sees before accepting.' });

/** POST /api/merchants/team-invites/:token/accept. */
export const InviteAcceptedSchema = z
  .object({
    ok: z.literal(true).meta({ description: 'Accepted.' }),
    merchant_id: idField('merchant', 'The business you joined.'),
  })
  .meta({ id: 'InviteAccepted', description: 'You are in the team.' });
