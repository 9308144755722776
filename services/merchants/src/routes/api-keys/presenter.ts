import type { Database } from '@groupsplit/shared';
import type { Selectable } from 'kysely';

type ApiKeyRow = Selectable<Database['api_keys']>;

/** A key record as listed: never the key, which is only ever in the create response. */
export function presentApiKey(row: ApiKeyRow) {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    last_four: row.last_four,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    revoked: row.revoked_at !== null,
    revoked_at: row.revoked_at,
  };
}

/** The 201 body: the whole key, this once. */
export function presentCreatedApiKey(row: ApiKeyRow, key: string) {
  return { key, id: row.id, name: row.name, mode: row.mode, last_four: row.last_four, created_at: row.created_at };
}
