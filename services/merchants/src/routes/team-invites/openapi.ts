import { err, MESSAGES, type OpenApiPaths, operation } from '@groupsplit/shared';
import { InviteAcceptedSchema, InvitePreviewSchema, InviteTokenParamsSchema } from './schema';

const invalid = err(MESSAGES.inviteInvalid, 'invite_invalid');

export const teamInvitesPaths: OpenApiPaths = {
  '/api/merchants/team-invites/{token}': {
    get: operation({
      id: 'previewTeamInvite',
      tag: 'Team',
      summary: 'Preview an invitation',
      description: 'No sign-in: the token from the e-mailed link is the credential; treat it as a secret.',
      path: InviteTokenParamsSchema,
      responses: { 200: { description: 'The invitation.', schema: InvitePreviewSchema } },
      errors: { 404: [invalid] },
    }),
  },
  '/api/merchants/team-invites/{token}/accept': {
    post: operation({
      id: 'acceptTeamInvite',
      tag: 'Team',
      summary: 'Accept an invitation',
      description: 'Signed in as the invited address. Single use.',
      path: InviteTokenParamsSchema,
      responses: { 200: { description: 'Joined.', schema: InviteAcceptedSchema } },
      errors: {
        403: [err(MESSAGES.wrongInvitee('<email>'), 'invite_email_mismatch')],
        404: [invalid],
        409: [err(MESSAGES.inviteUsed, 'invite_used'), err(MESSAGES.alreadyMember, 'already_member')],
      },
    }),
  },
};
