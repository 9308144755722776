import type { Generated } from 'kysely';

/** Written by the merchants service. The gateway reads api_keys to authenticate keys. */
export interface ApiKeysTable {
  id: Generated<string>;
  merchant_id: string;
  name: string;
  mode: 'test' | 'live';
  key_hash: string;
  last_four: string;
  created_by: string | null;
  created_at: Generated<Date>;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface CredentialsTables {
  api_keys: ApiKeysTable;
}
