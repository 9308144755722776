import { err, errorResponses, json, type OpenApiPaths } from '@groupsplit/shared';
import { AcceptConsentSchema, CONSENT_MESSAGES, ConsentStateSchema } from './schema';

/** Terms and privacy acceptance; exempt from the consent check (docs/identity.md). */
export const consentPaths: OpenApiPaths = {
  '/api/auth/consent': {
    get: {
      operationId: 'getConsent',
      tags: ['Sign-in'],
      summary: 'The terms and privacy versions in force, and whether you accepted them',
      responses: { 200: { description: 'The consent state.', ...json(ConsentStateSchema) } },
    },
    post: {
      operationId: 'acceptConsent',
      tags: ['Sign-in'],
      summary: 'Accept the current terms and privacy policy',
      description:
        'Until the versions in force are accepted, every other signed-in call answers 403 `consent_required`. ' +
        'Accepting twice is harmless.',
      requestBody: {
        required: true,
        ...json(AcceptConsentSchema, { terms_version: '2026-09-01', privacy_version: '2026-09-01' }),
      },
      responses: {
        200: { description: 'Accepted.', ...json(ConsentStateSchema) },
        ...errorResponses({
          400: [
            err(CONSENT_MESSAGES.invalid, 'validation_failed'),
            err(
              CONSENT_MESSAGES.mismatch('2026-09-01', '2026-09-01'),
              'consent_version_mismatch',
              'other than the versions in force; the body also carries the current terms_version and privacy_version',
            ),
          ],
        }),
      },
    },
  },
};
