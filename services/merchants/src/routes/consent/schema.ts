import { z } from 'zod';

export const AcceptConsentSchema = z.object({
  terms_version: z.string({ error: 'terms_version is required' }).min(1, 'terms_version is required'),
  privacy_version: z.string({ error: 'privacy_version is required' }).min(1, 'privacy_version is required'),
});
