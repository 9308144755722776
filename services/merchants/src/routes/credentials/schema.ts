import { z } from 'zod';

/** `api_key` is accepted here only to be answered with `use_api_keys`. */
export const RotateSchema = z.object({ target: z.enum(['webhook_secret', 'api_key']) });

export const USE_API_KEYS_MESSAGE =
  'API keys are not rotated here: create a new key with POST /api/merchants/api-keys, then revoke the old one.';
