import type { Config } from '@groupsplit/config';
import type { Db } from '@groupsplit/db';
import { ConsentsRepository } from '@groupsplit/db';

/**
 * Whether the user accepted the current terms and privacy versions. The gateway asks it to
 * guard consent-requiring routes; the merchants service to report it at sign-in and on /consent.
 */
export async function hasAcceptedCurrentConsent(
  db: Db,
  config: Pick<Config, 'TERMS_VERSION' | 'PRIVACY_VERSION'>,
  userId: string,
): Promise<boolean> {
  return new ConsentsRepository(db).hasAccepted(userId, {
    terms: config.TERMS_VERSION,
    privacy: config.PRIVACY_VERSION,
  });
}
