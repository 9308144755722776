import type { Generated } from 'kysely';

/**
 * Written by the merchants service (create, revoke) and the support CLI (import-legacy-key).
 * The gateway reads it to authenticate keys and touches only last_used_at, at most once a minute per key.
 */
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

/**
 * Written by the merchants service (PATCH /api/merchants, credential rotation, registration).
 * One row per merchant and mode. Secrets are AES-256-GCM ciphertext (packages/config/src/secrets.ts);
 * read them through getWebhookSettings() in packages/events/src/webhook-settings.ts.
 */
export interface WebhookSettingsTable {
  merchant_id: string;
  mode: 'test' | 'live';
  url: string | null;
  secret_ciphertext: string | null;
  /** The secret replaced by the last rotation; kept for support, never used to sign. */
  previous_secret_ciphertext: string | null;
  rotated_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Written by the gateway only: rate-limiter-flexible's Postgres store (one row per bucket and caller). */
export interface RateLimitsTable {
  key: string;
  points: number;
  /** Epoch milliseconds. */
  expire: number | null;
}

/** Written by the merchants service: the public contact, waitlist and partner forms. */
export interface PublicFormSubmissionsTable {
  id: Generated<string>;
  form: 'contact' | 'waitlist' | 'partner';
  email: string;
  name: string | null;
  company: string | null;
  message: string | null;
  ip: string | null;
  created_at: Generated<Date>;
}

export interface CredentialsTables {
  api_keys: ApiKeysTable;
  webhook_settings: WebhookSettingsTable;
  rate_limits: RateLimitsTable;
  public_form_submissions: PublicFormSubmissionsTable;
}
