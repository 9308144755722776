import { idParams, ModeSchema, notFound, TimestampSchema } from '@groupsplit/shared';
import { z } from 'zod';

/** An absent, null or blank name gets a default from the key's mode. */
export const CreateApiKeySchema = z.object({
  name: z.string().trim().max(100, 'name must be at most 100 characters').nullish(),
});

export const ApiKeyParamsSchema = idParams('id');

export const API_KEY_NOT_FOUND = 'API key not found';
export const apiKeyNotFound = () => notFound(API_KEY_NOT_FOUND, 'api_key_not_found');

export const LIVE_KEY_NEEDS_VERIFICATION =
  'Finish verifying your business before creating a live API key. Test keys (X-Service-Mode: test) work straight away.';

/** A key record as listed (never the key itself). */
export const ApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    mode: ModeSchema,
    last_four: z.string(),
    created_at: TimestampSchema,
    last_used_at: TimestampSchema.nullable(),
    revoked: z.boolean(),
    revoked_at: TimestampSchema.nullable(),
  })
  .meta({ id: 'ApiKey' });

/** POST /api/merchants/api-keys: 201, the whole key, this once. */
export const CreatedApiKeySchema = z
  .object({
    key: z.string().meta({ description: 'The whole key. Shown only here; only a hash is stored.' }),
    id: z.string(),
    name: z.string(),
    mode: ModeSchema,
    last_four: z.string(),
    created_at: TimestampSchema,
  })
  .meta({ id: 'CreatedApiKey' });
