import { randomBytes } from 'node:crypto';
import {
  type AuditCaller,
  type Config,
  type Db,
  findWebhookSettingsRow,
  recordCallerAudit,
  saveWebhookSecret,
} from '@groupsplit/shared';

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('hex')}`;

/**
 * Stores a new secret for the mode, as POST /api/merchants/credentials/rotate does (first call creates,
 * later calls replace), with its audit row. Call it inside a transaction that holds the business row's lock.
 */
export async function storeNewWebhookSecret(
  trx: Db,
  config: Config,
  caller: AuditCaller,
  mode: 'test' | 'live',
): Promise<string> {
  const value = newWebhookSecret();
  const existed = await findWebhookSettingsRow(trx, caller.merchant.id, mode);
  await saveWebhookSecret(trx, config, caller.merchant.id, mode, value);
  // Never the secret itself: the history only says that it changed.
  await recordCallerAudit(
    trx,
    caller,
    existed?.secret_ciphertext ? 'webhook_secret.rotated' : 'webhook_secret.created',
    { after: { mode, last_four: value.slice(-4) } },
  );
  return value;
}
