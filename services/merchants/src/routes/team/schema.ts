import {
  badRequest,
  type ErrorDetail,
  EXAMPLE_VALUES,
  emailField,
  idField,
  MESSAGES,
  notFound,
  nullableTextField,
  ROLES,
  RoleSchema,
  textField,
  timestampField,
  uuidParam,
  uuidSchema,
  validationFailed,
} from '@groupsplit/shared';
import { z } from 'zod';
import { TEAM_MESSAGES } from './messages';

/** `owner` passes the schema on purpose: refusing it is a permission answer (403), not a format one. */
export const InviteSchema = z.object({
  email: z
    .email()
    .max(254)
    .meta({ description: 'Who to invite: a valid e-mail address, up to 254 characters.', example: 'jo@example.com' }),
  role: z.enum(ROLES).meta({
    description: 'Their role: `admin`, `finance` or `member` (an Admin may invite Finance and Member only).',
    example: 'finance',
  }),
});

export const InviteParamsSchema = z.object({ id: uuidParam('invite', 'The invitation id.') });

export const MemberParamsSchema = z.object({ id: uuidParam('member', 'The team member id (`members[].id`).') });

export const RoleChangeSchema = z.object({
  role: z
    .enum(ROLES)
    .meta({ description: 'The new role (never `owner`: transfer ownership instead).', example: 'admin' }),
});

export const TransferSchema = z.object({
  member_id: uuidSchema().meta({
    description: 'The team member who becomes Owner (`members[].id`); you become Admin.',
    example: EXAMPLE_VALUES.ids.member,
  }),
  confirmation: z
    .string()
    .meta({ description: 'The business name, typed exactly, to confirm.', example: 'Picnic Supplies' }),
});

export const invalidInvite = (details: ErrorDetail[]) => validationFailed(MESSAGES.invalidInvite, details);

export const pendingInviteNotFound = () => notFound(MESSAGES.pendingInviteNotFound, 'invite_not_found');

export const memberNotFound = () => notFound(TEAM_MESSAGES.memberNotFound, 'member_not_found');

export const invalidRole = (details: ErrorDetail[]) => validationFailed(TEAM_MESSAGES.invalidRole, details);

/** With both fields wrong the confirmation is reported, the same order the handler checks them in. */
export const invalidTransfer = (details: ErrorDetail[]) =>
  details.some((detail) => detail.field !== 'member_id')
    ? badRequest(MESSAGES.confirmationMismatch, 'confirmation_mismatch')
    : badRequest(MESSAGES.chooseAnotherMember, 'invalid_member');

// ---- responses ------------------------------------------------------------------------------

export const TeamMemberSchema = z
  .object({
    id: idField('member', 'The team member id (what PATCH, DELETE and transfer-ownership take).'),
    user_id: idField('user', 'Their user id.'),
    role: RoleSchema,
    email: emailField('Their login address.'),
    name: nullableTextField('Their name, or null when unknown.', 'Alex Morgan'),
    joined_at: timestampField('When they joined.'),
    identity_verified: z.boolean().meta({ description: 'True once their identity is verified.', example: true }),
  })
  .meta({ id: 'TeamMember', description: 'One member of the team.' });

export const TeamInviteSchema = z
  .object({
    id: idField('invite', 'The invitation id.'),
    email: emailField('Who was invited.', 'jo@example.com'),
    role: RoleSchema,
    expires_at: timestampField('When the invitation lapses (7 days after it was sent).'),
  })
  .meta({ id: 'TeamInvite', description: 'A pending invitation.' });

/** GET /api/merchants/team. */
export const TeamSchema = z
  .object({
    current_role: RoleSchema.meta({ description: 'Your role.' }),
    current_user_id: idField('user', 'Your user id.'),
    members: z.array(TeamMemberSchema).meta({ description: 'Everyone in the business.' }),
    invites: z.array(TeamInviteSchema).meta({ description: 'Every pending invitation.' }),
  })
  .meta({ id: 'Team', description: 'The team and its pending invitations.' });

export const ResentInviteSchema = z
  .object({
    ok: z.literal(true).meta({ description: 'Sent again.' }),
    expires_at: timestampField('The new expiry (7 days from now).'),
  })
  .meta({ id: 'ResentInvite', description: 'The invitation was sent again.' });

export const RoleChangedSchema = z
  .object({ id: idField('member', 'The team member id.'), role: RoleSchema })
  .meta({ id: 'RoleChanged', description: 'The member with their new role.' });

export const OwnershipTransferredSchema = z
  .object({
    ok: z.literal(true).meta({ description: 'Transferred.' }),
    owner_member_id: idField('member', 'The new owner.'),
    verification_status: textField('Verification restarts for the new owner.', 'pending'),
  })
  .meta({ id: 'OwnershipTransferred', description: 'The new owner; you are now Admin.' });
