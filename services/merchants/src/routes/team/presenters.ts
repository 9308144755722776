import type { Role } from '@groupsplit/shared';

export type MemberRow = {
  id: string;
  user_id: string;
  role: Role;
  email: string;
  name: string | null;
  joined_at: Date;
  identity_verified: boolean;
};

export type InviteRow = { id: string; email: string; role: Role; expires_at: Date };

export const presentMember = (row: MemberRow) => ({
  id: row.id,
  user_id: row.user_id,
  role: row.role,
  email: row.email,
  name: row.name,
  joined_at: row.joined_at,
  identity_verified: row.identity_verified,
});

export const presentInvite = (row: InviteRow) => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expires_at: row.expires_at,
});
