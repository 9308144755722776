import type { Config } from '../config';
import type { Db } from '../db/types';

/**
 * Whether the user accepted the current terms and privacy versions. The gateway asks it to
 * guard consent-requiring routes; the merchants service to report it at sign-in and on /consent.
 */
export async function hasAcceptedCurrentConsent(
  db: Db,
  config: Pick<Config, 'TERMS_VERSION' | 'PRIVACY_VERSION'>,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('consents')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('terms_version', '=', config.TERMS_VERSION)
    .where('privacy_version', '=', config.PRIVACY_VERSION)
    .executeTakeFirst();
  return Boolean(row);
}
