import { err, FAMILIES, MESSAGES, type OpenApiPaths, operations } from '@groupsplit/shared';
import { InviteAcceptedSchema, InvitePreviewSchema, InviteTokenParamsSchema } from './schema';

const invalid = err(MESSAGES.inviteInvalid, 'invite_invalid');

export const teamInvitesPaths: OpenApiPaths = operations(FAMILIES.team, {
  'GET /api/merchants/team-invites/{token}': {
    id: 'previewTeamInvite',
    summary: 'Preview an invitation',
    description: 'No sign-in: the token from the e-mailed link is the credential; treat it as a secret.',
    path: InviteTokenParamsSchema,
    responses: { 200: { description: 'The invitation.', schema: InvitePreviewSchema } },
    errors: { 404: [invalid] },
  },
  'POST /api/merchants/team-invites/{token}/accept': {
    id: 'acceptTeamInvite',
    summary: 'Accept an invitation',
    description: 'Signed in as the invited address. Single use.',
    path: InviteTokenParamsSchema,
    responses: { 200: { description: 'Joined.', schema: InviteAcceptedSchema } },
    errors: {
      403: [err(MESSAGES.wrongInvitee('<email>'), 'invite_email_mismatch')],
      404: [invalid],
      409: [err(MESSAGES.inviteUsed, 'invite_used'), err(MESSAGES.alreadyMember, 'already_member')],
    },
  },
});
