import { hasAcceptedCurrentConsent } from '@groupsplit/shared';
import type { MerchantsDeps } from '../../deps';

/** The answer to every sign-in and refresh (docs/spec.md): the access token and who it belongs to. */
export async function sessionBody(
  { config, db }: MerchantsDeps,
  access: { token: string; expiresAt: Date },
  user: { id: string; email: string },
) {
  return {
    access_token: access.token,
    token_type: 'Bearer',
    expires_at: access.expiresAt.toISOString(),
    user: {
      id: user.id,
      email: user.email,
      consent_required: !(await hasAcceptedCurrentConsent(db, config, user.id)),
    },
  };
}
