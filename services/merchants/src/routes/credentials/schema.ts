import { z } from 'zod';

/** `api_key` is accepted here only to be answered with `use_api_keys`. */
export const RotateSchema = z.object({ target: z.enum(['webhook_secret', 'api_key']) });

export const USE_API_KEYS_MESSAGE =
  'API keys are not rotated here: create a new key with POST /api/merchants/api-keys, then revoke the old one.';

/** GET /api/merchants/credentials: the webhook settings of the mode asked (no API key is ever returned). */
export const CredentialsSchema = z
  .object({
    mode: z.enum(['test', 'live']),
    webhook_url: z.string().nullable(),
    webhook_secret: z
      .string()
      .nullable()
      .meta({ description: 'Null until created with POST /api/merchants/credentials/rotate.' }),
  })
  .meta({ id: 'Credentials' });

/** POST /api/merchants/credentials/rotate: the new secret (the old one stops verifying at once). */
export const RotatedSecretSchema = z
  .object({ target: z.literal('webhook_secret'), value: z.string(), mode: z.enum(['test', 'live']) })
  .meta({ id: 'RotatedSecret' });
