import { AppError, type ErrorDetail, ROLES } from '@groupsplit/shared';
import { z } from 'zod';
import { TEAM_MESSAGES } from './messages';

/** `owner` passes the schema on purpose: refusing it is a permission answer (403), not a format one. */
export const InviteSchema = z.object({
  email: z.email().max(254),
  role: z.enum(ROLES),
});

export const InviteParamsSchema = z.object({ id: z.uuid() });

export const MemberParamsSchema = z.object({ id: z.uuid() });

export const RoleChangeSchema = z.object({ role: z.enum(ROLES) });

export const TransferSchema = z.object({
  member_id: z.uuid(),
  confirmation: z.string(),
});

export const invalidInvite = (details: ErrorDetail[]) =>
  new AppError(400, TEAM_MESSAGES.invalidInvite, 'validation_failed', details);

export const pendingInviteNotFound = () => new AppError(404, TEAM_MESSAGES.pendingInviteNotFound, 'invite_not_found');

export const memberNotFound = () => new AppError(404, TEAM_MESSAGES.memberNotFound, 'member_not_found');

export const invalidRole = (details: ErrorDetail[]) =>
  new AppError(400, TEAM_MESSAGES.invalidRole, 'validation_failed', details);

/** With both fields wrong the confirmation is reported, the same order the handler checks them in. */
export const invalidTransfer = (details: ErrorDetail[]) =>
  details.some((detail) => detail.field !== 'member_id')
    ? new AppError(400, TEAM_MESSAGES.confirmationMismatch, 'confirmation_mismatch')
    : new AppError(400, TEAM_MESSAGES.chooseAnotherMember, 'invalid_member');
