import { z } from 'zod';

export const AcceptConsentSchema = z.object({
  terms_version: z.string({ error: 'terms_version is required' }).min(1, 'terms_version is required').meta({
    description: 'The terms version you accept: the current one (GET /api/auth/consent).',
    example: '2026-09-01',
  }),
  privacy_version: z
    .string({ error: 'privacy_version is required' })
    .min(1, 'privacy_version is required')
    .meta({ description: 'The privacy policy version you accept: the current one.', example: '2026-09-01' }),
  // GET's answer may be posted back as it is (docs/quickstart.md does): its `accepted` is known, and ignored.
  accepted: z.boolean().optional().meta({ description: 'Ignored: allowed so that the GET answer can be sent back.' }),
});

export const CONSENT_MESSAGES = {
  invalid: 'Send the terms_version and privacy_version you accept',
  mismatch: (terms: string, privacy: string) => `Accept the current terms (${terms}) and privacy policy (${privacy})`,
} as const;

/** GET and POST /api/auth/consent: the versions in force, and whether the caller accepted them. */
export const ConsentStateSchema = z
  .object({
    terms_version: z.string().meta({ description: 'The terms version in force.', example: '2026-09-01' }),
    privacy_version: z.string().meta({ description: 'The privacy policy version in force.', example: '2026-09-01' }),
    accepted: z.boolean().meta({ description: 'True once you have accepted both.', example: true }),
  })
  .meta({
    id: 'ConsentState',
    description: 'The versions in force, and whether you accepted them.',
    example: { terms_version: '2026-09-01', privacy_version: '2026-09-01', accepted: true },
  });
