import { err, FAMILIES, MESSAGES, mergePaths, OkSchema, type OpenApiPaths, operations } from '@groupsplit/shared';
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

const cannotGrant = err(
  MESSAGES.cannotGrant,
  'business_forbidden',
  'the role may not invite, or may not grant that role',
);
const pendingInviteNotFound = err(MESSAGES.pendingInviteNotFound, 'invite_not_found');
const memberNotFound = err(TEAM_MESSAGES.memberNotFound, 'member_not_found');
const inviteEmailFailed = err(MESSAGES.inviteEmailFailed, 'invite_email_failed');

const family = { ...FAMILIES.team, business: { write: true } };

const team = operations(family, {
  'GET /api/merchants/team': {
    id: 'getTeam',
    summary: 'Members and pending invitations',
    business: {},
    responses: { 200: { description: 'The team.', schema: TeamSchema } },
  },
  'POST /api/merchants/team/invites': {
    id: 'inviteTeamMember',
    summary: 'Invite someone',
    description:
      'Owner, Admin (an Admin may invite Finance and Member only; nobody invites an Owner). E-mails a link valid for ' +
      '7 days; if the e-mail cannot be sent, the invitation is revoked and the answer is 502.',
    business: { write: true, roleMessage: MESSAGES.cannotGrant },
    body: { schema: InviteSchema },
    responses: { 201: { description: 'Invited.', schema: TeamInviteSchema } },
    errors: {
      400: [err(MESSAGES.invalidInvite, 'validation_failed')],
      403: [cannotGrant],
      409: [err(MESSAGES.alreadyMember, 'already_member'), err(MESSAGES.invitePending, 'invite_pending')],
      502: [inviteEmailFailed],
    },
  },
  'POST /api/merchants/team/transfer-ownership': {
    id: 'transferOwnership',
    summary: 'Hand the business to another member',
    description:
      'Owner only. `confirmation` must equal the business name exactly; `member_id` is a team member id. The caller ' +
      'becomes Admin and the target Owner; verification restarts for the new owner.',
    business: { write: true, roleMessage: MESSAGES.onlyOwnerTransfers },
    body: { schema: TransferSchema },
    responses: { 200: { description: 'Transferred.', schema: OwnershipTransferredSchema } },
    errors: {
      400: [
        err(MESSAGES.confirmationMismatch, 'confirmation_mismatch'),
        err(MESSAGES.chooseAnotherMember, 'invalid_member'),
      ],
      409: [err(MESSAGES.ownershipChanged, 'ownership_changed')],
    },
  },
});

/** One pending invitation of the business, by id; the caller must manage its role. */
const invitation = {
  ...family,
  path: InviteParamsSchema,
  errors: { 403: [cannotGrant], 404: [pendingInviteNotFound] },
};

const invitations = operations(invitation, {
  'POST /api/merchants/team/invites/{id}/resend': {
    id: 'resendTeamInvite',
    summary: 'Send an invitation again',
    description:
      'Owner, Admin. A new link and a new 7-day expiry; the old link stops working. If the e-mail fails, the previous ' +
      'link is restored and the answer is 502.',
    responses: { 200: { description: 'Sent again.', schema: ResentInviteSchema } },
    errors: { 502: [inviteEmailFailed] },
  },
  'DELETE /api/merchants/team/invites/{id}': {
    id: 'revokeTeamInvite',
    summary: 'Revoke a pending invitation',
    responses: { 200: { description: 'Revoked.', schema: OkSchema } },
  },
});

/** One member of the business, by membership id. */
const member = { ...family, path: MemberParamsSchema, errors: { 404: [memberNotFound] } };

const members = operations(member, {
  'PATCH /api/merchants/team/members/{id}': {
    id: 'changeTeamMemberRole',
    summary: "Change a member's role",
    description: 'Owner, Admin. The caller must manage both the current and the new role; nobody can touch the Owner.',
    business: { write: true, roleMessage: MESSAGES.cannotChangeRole },
    body: { schema: RoleChangeSchema },
    responses: { 200: { description: 'The new role.', schema: RoleChangedSchema } },
    errors: { 400: [err(TEAM_MESSAGES.invalidRole, 'validation_failed')] },
  },
  'DELETE /api/merchants/team/members/{id}': {
    id: 'removeTeamMember',
    summary: 'Remove a member',
    description:
      "Owner, Admin. Access ends at once. You cannot remove yourself, the Owner, or a role you don't manage.",
    business: { write: true, roleMessage: TEAM_MESSAGES.cannotRemoveMember },
    responses: { 200: { description: 'Removed.', schema: OkSchema } },
    errors: { 400: [err(MESSAGES.cannotRemoveSelf, 'cannot_remove_self')] },
  },
});

export const teamPaths: OpenApiPaths = mergePaths([team, invitations, members]);
