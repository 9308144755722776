import {
  businessErrorResponses,
  businessHeaders,
  err,
  json,
  MESSAGES,
  OkSchema,
  type OpenApiPaths,
} from '@groupsplit/shared';
import { TEAM_MESSAGES } from './messages';
import {
  InviteParamsSchema,
  InviteSchema,
  MemberParamsSchema,
  OwnershipTransferredSchema,
  ResentInviteSchema,
  RoleChangedSchema,
  RoleChangeSchema,
  TeamInviteSchema,
  TeamSchema,
  TransferSchema,
} from './schema';

const headers = businessHeaders();
const cannotGrant = err(
  MESSAGES.cannotGrant,
  'business_forbidden',
  'the role may not invite, or may not grant that role',
);
const pendingInviteNotFound = err(MESSAGES.pendingInviteNotFound, 'invite_not_found');
const memberNotFound = err(TEAM_MESSAGES.memberNotFound, 'member_not_found');
const inviteEmailFailed = err(MESSAGES.inviteEmailFailed, 'invite_email_failed');

export const teamPaths: OpenApiPaths = {
  '/api/merchants/team': {
    get: {
      operationId: 'getTeam',
      tags: ['Team'],
      summary: 'Members and pending invitations',
      requestParams: { header: headers },
      responses: { 200: { description: 'The team.', ...json(TeamSchema) }, ...businessErrorResponses() },
    },
  },
  '/api/merchants/team/invites': {
    post: {
      operationId: 'inviteTeamMember',
      tags: ['Team'],
      summary: 'Invite someone',
      description:
        'Owner, Admin (an Admin may invite Finance and Member only; nobody invites an Owner). E-mails a link valid for ' +
        '7 days; if the e-mail cannot be sent, the invitation is revoked and the answer is 502.',
      requestParams: { header: headers },
      requestBody: { required: true, ...json(InviteSchema, { email: 'sam@example.com', role: 'member' }) },
      responses: {
        201: { description: 'Invited.', ...json(TeamInviteSchema) },
        ...businessErrorResponses(
          { write: true, roleMessage: MESSAGES.cannotGrant },
          {
            400: [err(MESSAGES.invalidInvite, 'validation_failed')],
            403: [cannotGrant],
            409: [err(MESSAGES.alreadyMember, 'already_member'), err(MESSAGES.invitePending, 'invite_pending')],
            502: [inviteEmailFailed],
          },
        ),
      },
    },
  },
  '/api/merchants/team/invites/{id}/resend': {
    post: {
      operationId: 'resendTeamInvite',
      tags: ['Team'],
      summary: 'Send an invitation again',
      description:
        'Owner, Admin. A new link and a new 7-day expiry; the old link stops working. If the e-mail fails, the previous ' +
        'link is restored and the answer is 502.',
      requestParams: { path: InviteParamsSchema, header: headers },
      responses: {
        200: { description: 'Sent again.', ...json(ResentInviteSchema) },
        ...businessErrorResponses(
          { write: true },
          {
            403: [cannotGrant],
            404: [pendingInviteNotFound],
            502: [inviteEmailFailed],
          },
        ),
      },
    },
  },
  '/api/merchants/team/invites/{id}': {
    delete: {
      operationId: 'revokeTeamInvite',
      tags: ['Team'],
      summary: 'Revoke a pending invitation',
      requestParams: { path: InviteParamsSchema, header: headers },
      responses: {
        200: { description: 'Revoked.', ...json(OkSchema) },
        ...businessErrorResponses({ write: true }, { 403: [cannotGrant], 404: [pendingInviteNotFound] }),
      },
    },
  },
  '/api/merchants/team/members/{id}': {
    patch: {
      operationId: 'changeTeamMemberRole',
      tags: ['Team'],
      summary: "Change a member's role",
      description:
        'Owner, Admin. The caller must manage both the current and the new role; nobody can touch the Owner.',
      requestParams: { path: MemberParamsSchema, header: headers },
      requestBody: { required: true, ...json(RoleChangeSchema, { role: 'finance' }) },
      responses: {
        200: { description: 'The new role.', ...json(RoleChangedSchema) },
        ...businessErrorResponses(
          { write: true, roleMessage: MESSAGES.cannotChangeRole },
          {
            400: [err(TEAM_MESSAGES.invalidRole, 'validation_failed')],
            404: [memberNotFound],
          },
        ),
      },
    },
    delete: {
      operationId: 'removeTeamMember',
      tags: ['Team'],
      summary: 'Remove a member',
      description:
        "Owner, Admin. Access ends at once. You cannot remove yourself, the Owner, or a role you don't manage.",
      requestParams: { path: MemberParamsSchema, header: headers },
      responses: {
        200: { description: 'Removed.', ...json(OkSchema) },
        ...businessErrorResponses(
          { write: true, roleMessage: TEAM_MESSAGES.cannotRemoveMember },
          {
            400: [err(MESSAGES.cannotRemoveSelf, 'cannot_remove_self')],
            404: [memberNotFound],
          },
        ),
      },
    },
  },
  '/api/merchants/team/transfer-ownership': {
    post: {
      operationId: 'transferOwnership',
      tags: ['Team'],
      summary: 'Hand the business to another member',
      description:
        'Owner only. `confirmation` must equal the business name exactly; `member_id` is a team member id. The caller ' +
        'becomes Admin and the target Owner; verification restarts for the new owner.',
      requestParams: { header: headers },
      requestBody: {
        required: true,
        ...json(TransferSchema, { member_id: '3f0c6f8e-2a57-4c55-9a70-4f7a1d2f3b9c', confirmation: 'Corner Shop' }),
      },
      responses: {
        200: { description: 'Transferred.', ...json(OwnershipTransferredSchema) },
        ...businessErrorResponses(
          { write: true, roleMessage: MESSAGES.onlyOwnerTransfers },
          {
            400: [
              err(MESSAGES.confirmationMismatch, 'confirmation_mismatch'),
              err(MESSAGES.chooseAnotherMember, 'invalid_member'),
            ],
            409: [err(MESSAGES.ownershipChanged, 'ownership_changed')],
          },
        ),
      },
    },
  },
};
