import {
  badRequest,
  type ErrorDetail,
  idParams,
  MESSAGES,
  notFound,
  ROLES,
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
