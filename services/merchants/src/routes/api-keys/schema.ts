import {
  idField,
  ModeSchema,
  notFound,
  nullableTimestampField,
  textField,
  timestampField,
  uuidParam,
} from '@groupsplit/shared';
import { z } from 'zod';

/** An absent, null or blank name gets a default from the key's mode. */
export const CreateApiKeySchema = z.object({
  name: z
    .string()
    .trim()
    .max(100, 'name must be at most 100 characters')
    .nullish()
    .meta({ description: 'What the key is for, up to 100 characters; default from its mode.', example: 'Shop server' }),
});

export const ApiKeyParamsSchema = z.object({ id: uuidParam('apiKey', 'The API key id (not the key).') });

export const API_KEY_NOT_FOUND = 'API key not found';
export const apiKeyNotFound = () => notFound(API_KEY_NOT_FOUND, 'api_key_not_found');

export const LIVE_KEY_NEEDS_VERIFICATION =
  'Finish verifying your business before creating a live API key. Test keys (X-Service-Mode: test) work straight away.';

const KEY_ID = idField('apiKey', 'The key id (for revoking it).');
const KEY_NAME = textField('What the key is for.', 'Shop server');
const LAST_FOUR = textField('The last four characters of the key, to tell keys apart.', 's2Ma');

/** A key record as listed (never the key itself). */
export const ApiKeySchema = z
  .object({
    id: KEY_ID,
    name: KEY_NAME,
    mode: ModeSchema,
    last_four: LAST_FOUR,
    created_at: timestampField('When the key was created.'),
    last_used_at: nullableTimestampField('When it was last used; null if never.'),
    revoked: z.boolean().meta({ description: 'True once revoked: it no longer works.', example: false }),
    revoked_at: nullableTimestampField('When it was revoked, or null.', null),
  })
  .meta({ id: 'ApiKey', description: 'A key as listed (never the key itself).' });

/** POST /api/merchants/api-keys: 201, the whole key, this once. */
export const CreatedApiKeySchema = z
  .object({
    key: z.string().meta({
      description: 'The whole key. Shown only here; only a hash is stored.',
      example: 'svc_test_8Jq2Lx7Rv4Nc9Wp3Tz6Hb1Kd5Gf0Ys2Ma',
    }),
    id: KEY_ID,
    name: KEY_NAME,
    mode: ModeSchema,
    last_four: LAST_FOUR,
    created_at: timestampField('When the key was created.'),
  })
  .meta({ id: 'CreatedApiKey', description: 'The new key, shown this once.' });
