import { ModeSchema, nullableTextField } from '@groupsplit/shared';
import { z } from 'zod';

/** `api_key` is accepted here only to be answered with `use_api_keys`. */
export const RotateSchema = z.object({
  target: z.enum(['webhook_secret', 'api_key']).meta({
    description:
      'What to rotate: `webhook_secret`. (`api_key` answers `use_api_keys`: create and revoke keys instead.)',
    example: 'webhook_secret',
  }),
});

export const USE_API_KEYS_MESSAGE =
  'API keys are not rotated here: create a new key with POST /api/merchants/api-keys, then revoke the old one.';

const WEBHOOK_SECRET_EXAMPLE = 'whsec_4f9a2c7e1b8d3a6f0c5e9b2d7a4f1c8e';

/** GET /api/merchants/credentials: the webhook settings of the mode asked (no API key is ever returned). */
export const CredentialsSchema = z
  .object({
    mode: ModeSchema,
    webhook_url: nullableTextField(
      'Where events of this mode are sent; null when not set.',
      'https://shop.example.com/webhooks',
    ),
    webhook_secret: nullableTextField(
      'Null until created with POST /api/merchants/credentials/rotate.',
      WEBHOOK_SECRET_EXAMPLE,
    ),
  })
  .meta({ id: 'Credentials', description: 'The webhook settings of the mode asked (an API key is never returned).' });

/** POST /api/merchants/credentials/rotate: the new secret (the old one stops verifying at once). */
export const RotatedSecretSchema = z
  .object({
    target: z.literal('webhook_secret').meta({ description: 'What was rotated.' }),
    value: z
      .string()
      .meta({ description: 'The new webhook secret: verify signatures with it.', example: WEBHOOK_SECRET_EXAMPLE }),
    mode: ModeSchema,
  })
  .meta({ id: 'RotatedSecret', description: 'The new secret; the old one stopped verifying.' });
