import {
  badRequest,
  ConsentsRepository,
  hasAcceptedCurrentConsent,
  sessionPrincipal,
  validate,
  validBody,
} from '@groupsplit/shared';
import Router from '@koa/router';
import type { MerchantsDeps } from '../../deps';
import { AcceptConsentSchema, CONSENT_MESSAGES } from './schema';

/**
 * Terms and privacy acceptance. These routes are exempt from the gateway's consent check,
 * so a signed-in person who has not accepted can still read and accept.
 */
export function consentRoutes({ config, db }: MerchantsDeps): Router {
  const router = new Router();
  const current = () => ({ terms_version: config.TERMS_VERSION, privacy_version: config.PRIVACY_VERSION });

  router.get('/api/auth/consent', async (ctx) => {
    const { userId } = sessionPrincipal(ctx.state.principal);
    ctx.body = { ...current(), accepted: await hasAcceptedCurrentConsent(db, config, userId) };
  });

  router.post('/api/auth/consent', validate('body', AcceptConsentSchema, CONSENT_MESSAGES.invalid), async (ctx) => {
    const { userId } = sessionPrincipal(ctx.state.principal);
    const { terms_version, privacy_version } = validBody(ctx, AcceptConsentSchema);
    // Accepting anything but the versions in force would record consent to text nobody is shown.
    if (terms_version !== config.TERMS_VERSION || privacy_version !== config.PRIVACY_VERSION) {
      throw badRequest(
        CONSENT_MESSAGES.mismatch(config.TERMS_VERSION, config.PRIVACY_VERSION),
        'consent_version_mismatch',
        undefined,
        current(),
      );
    }
    await new ConsentsRepository(db).accept(userId, { terms: terms_version, privacy: privacy_version });
    ctx.body = { ...current(), accepted: true };
  });

  return router;
}
