import { err, FAMILIES, type OpenApiPaths, operations } from '@groupsplit/shared';
import { AcceptConsentSchema, CONSENT_MESSAGES, ConsentStateSchema } from './schema';

/** Terms and privacy acceptance; exempt from the consent check (docs/identity.md). */
export const consentPaths: OpenApiPaths = operations(FAMILIES.signIn, {
  'GET /api/auth/consent': {
    id: 'getConsent',
    summary: 'The terms and privacy versions in force, and whether you accepted them',
    responses: { 200: { description: 'The consent state.', schema: ConsentStateSchema } },
  },
  'POST /api/auth/consent': {
    id: 'acceptConsent',
    summary: 'Accept the current terms and privacy policy',
    description:
      'Until the versions in force are accepted, every other signed-in call answers 403 `consent_required`. ' +
      'Accepting twice is harmless.',
    body: { schema: AcceptConsentSchema, example: { terms_version: '2026-09-01', privacy_version: '2026-09-01' } },
    responses: { 200: { description: 'Accepted.', schema: ConsentStateSchema } },
    errors: {
      400: [
        err(CONSENT_MESSAGES.invalid, 'validation_failed'),
        err(
          CONSENT_MESSAGES.mismatch('2026-09-01', '2026-09-01'),
          'consent_version_mismatch',
          'other than the versions in force; the body also carries the current terms_version and privacy_version',
        ),
      ],
    },
  },
});
