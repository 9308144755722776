import { decryptSecret, encryptSecret } from '@groupsplit/config';
import type { Database, Db } from '@groupsplit/db';
import { WebhookSettingsRepository } from '@groupsplit/db';
import type { Kysely } from 'kysely';

type Mode = 'test' | 'live';

export type WebhookSettings = {
  mode: Mode;
  url: string | null;
  /** The one secret to sign deliveries with; null until the merchant first rotates (creates) it. */
  secret: string | null;
  /**
   * The secret the last rotation replaced. docs/spec.md (Account, credentials/rotate) says the
   * old value stops verifying at once, so deliveries sign with `secret` only; this is kept for support investigations.
   */
  previousSecret: string | null;
  rotatedAt: Date | null;
};

/** Associated data binding a ciphertext to its merchant and mode. */
export const webhookSecretContext = (merchantId: string, mode: Mode) => `webhook_secret:${merchantId}:${mode}`;

/** Opened secrets by key, context and ciphertext; bounded, and emptied when full. */
const openedSecrets = new Map<string, string>();
const MAX_OPENED_SECRETS = 1000;

/**
 * The signing secret of one merchant and mode, decrypted from its stored ciphertext. Every delivery
 * attempt opens it; a ciphertext (random IV) is never reused, so an opened value is kept by ciphertext:
 * a rotation stores a new ciphertext and is seen at once, and the stored row is still read at every attempt.
 */
export function openWebhookSecret(
  config: { ENCRYPTION_KEY: string },
  merchantId: string,
  mode: Mode,
  ciphertext: string,
): string {
  const context = webhookSecretContext(merchantId, mode);
  const key = `${config.ENCRYPTION_KEY}\n${context}\n${ciphertext}`;
  const opened = openedSecrets.get(key);
  if (opened !== undefined) return opened;
  const secret = decryptSecret(ciphertext, config.ENCRYPTION_KEY, context);
  if (openedSecrets.size >= MAX_OPENED_SECRETS) openedSecrets.clear();
  openedSecrets.set(key, secret);
  return secret;
}

/** The stored settings row of one merchant and mode, secrets still sealed; undefined until one is saved. */
export function findWebhookSettingsRow(db: Kysely<Database>, merchantId: string, mode: Mode) {
  return new WebhookSettingsRepository(db).find(merchantId, mode);
}

/** Webhook URL and decrypted secret(s) for one merchant and mode. Read by /me and the tooling routes. */
export async function getWebhookSettings(
  db: Db,
  config: { ENCRYPTION_KEY: string },
  merchantId: string,
  mode: Mode,
): Promise<WebhookSettings> {
  const row = await findWebhookSettingsRow(db, merchantId, mode);
  const context = webhookSecretContext(merchantId, mode);
  const open = (ciphertext: string | null | undefined) =>
    ciphertext ? decryptSecret(ciphertext, config.ENCRYPTION_KEY, context) : null;
  return {
    mode,
    url: row?.url ?? null,
    secret: open(row?.secret_ciphertext),
    previousSecret: open(row?.previous_secret_ciphertext),
    rotatedAt: row?.rotated_at ?? null,
  };
}

/**
 * Sets (or with null clears) the webhook URL of one mode. Merchants service only (it owns
 * the table); check the URL first with assertWebhookUrl and pass the transaction that audits it.
 */
export async function saveWebhookUrl(
  trx: Kysely<Database>,
  merchantId: string,
  mode: Mode,
  url: string | null,
): Promise<void> {
  await new WebhookSettingsRepository(trx).saveUrl(merchantId, mode, url);
}

/** Replaces the signing secret, keeping the one it replaces. Merchants service only. */
export async function saveWebhookSecret(
  trx: Kysely<Database>,
  config: { ENCRYPTION_KEY: string },
  merchantId: string,
  mode: Mode,
  secret: string,
): Promise<void> {
  const ciphertext = encryptSecret(secret, config.ENCRYPTION_KEY, webhookSecretContext(merchantId, mode));
  await new WebhookSettingsRepository(trx).saveSecret(merchantId, mode, ciphertext, new Date());
}
