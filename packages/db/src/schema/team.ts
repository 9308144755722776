import type { Generated } from 'kysely';

/** Written only by the merchants service (team routes). Memberships themselves live in identity.ts. */
export interface TeamInvitesTable {
  id: Generated<string>;
  merchant_id: string;
  email: string;
  role: 'admin' | 'finance' | 'member';
  token_hash: string;
  status: Generated<'pending' | 'accepted' | 'revoked' | 'expired'>;
  invited_by: string | null;
  expires_at: Date;
  accepted_by: string | null;
  accepted_at: Date | null;
  revoked_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface TeamTables {
  team_invites: TeamInvitesTable;
}
