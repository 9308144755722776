import {
  badRequest,
  type ErrorDetail,
  idParams,
  MESSAGES,
  notFound,
  ROLES,
  RoleSchema,
  TimestampSchema,
  uuidSchema,
  validationFailed,
} from '@groupsplit/shared';
import { z } from 'zod';
import { TEAM_MESSAGES } from './messages';

/** `owner` passes the schema on purpose: refusing it is a permission answer (403), not a format one. */
export const InviteSchema = z.object({
  email: z.email().max(254),
  role: z.enum(ROLES),
});

export const InviteParamsSchema = idParams('id');

export const MemberParamsSchema = idParams('id');

export const RoleChangeSchema = z.object({ role: z.enum(ROLES) });

export const TransferSchema = z.object({
  member_id: uuidSchema(),
  confirmation: z.string(),
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
    id: z.string().meta({ description: 'The team member id (what PATCH, DELETE and transfer-ownership take).' }),
    user_id: z.string(),
    role: RoleSchema,
    email: z.string(),
    name: z.string().nullable(),
    joined_at: TimestampSchema,
    identity_verified: z.boolean(),
  })
  .meta({ id: 'TeamMember' });

export const TeamInviteSchema = z
  .object({ id: z.string(), email: z.string(), role: RoleSchema, expires_at: TimestampSchema })
  .meta({ id: 'TeamInvite' });

/** GET /api/merchants/team. */
export const TeamSchema = z
  .object({
    current_role: RoleSchema,
    current_user_id: z.string(),
    members: z.array(TeamMemberSchema),
    invites: z.array(TeamInviteSchema).meta({ description: 'Every pending invitation.' }),
  })
  .meta({ id: 'Team' });

export const ResentInviteSchema = z
  .object({ ok: z.literal(true), expires_at: TimestampSchema })
  .meta({ id: 'ResentInvite' });

export const RoleChangedSchema = z.object({ id: z.string(), role: RoleSchema }).meta({ id: 'RoleChanged' });

export const OwnershipTransferredSchema = z
  .object({
    ok: z.literal(true),
    owner_member_id: z.string(),
    verification_status: z.string().meta({ description: 'Verification restarts for the new owner.' }),
  })
  .meta({ id: 'OwnershipTransferred' });
