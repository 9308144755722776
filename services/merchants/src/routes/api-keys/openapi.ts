import { err, MESSAGES, type OpenApiPaths, operations, VALIDATION_FAILED } from '@groupsplit/shared';
import { z } from 'zod';
import {
  API_KEY_NOT_FOUND,
  ApiKeyParamsSchema,
  ApiKeySchema,
  CreateApiKeySchema,
  CreatedApiKeySchema,
  LIVE_KEY_NEEDS_VERIFICATION,
} from './schema';

const family = { tag: 'API keys', business: { write: true } };

export const apiKeysPaths: OpenApiPaths = operations(family, {
  'POST /api/merchants/api-keys': {
    id: 'createApiKey',
    summary: 'Create an API key',
    description:
      'Owner, Admin. X-Service-Mode: test makes a test key (`svc_test_…`), which needs no processor connection; ' +
      'otherwise a live key (`svc_prod_…`), which needs a verified business. The key is in this response only.',
    business: { write: true, mode: true },
    body: { schema: CreateApiKeySchema, required: false },
    responses: { 201: { description: 'The key, shown once.', schema: CreatedApiKeySchema } },
    errors: {
      400: [VALIDATION_FAILED],
      403: [err(LIVE_KEY_NEEDS_VERIFICATION, 'live_key_needs_verification')],
    },
  },
  'GET /api/merchants/api-keys': {
    id: 'listApiKeys',
    summary: 'List API keys',
    description: 'Owner, Admin. Every key of both modes, newest first, revoked ones included; never the key itself.',
    business: { roleMessage: MESSAGES.roleForbidden },
    responses: { 200: { description: 'The key records.', schema: z.array(ApiKeySchema) } },
  },
  'POST /api/merchants/api-keys/{id}/revoke': {
    id: 'revokeApiKey',
    summary: 'Revoke an API key',
    description: 'Owner, Admin. Stops that key at once; other keys are unaffected. Revoking twice is not an error.',
    path: ApiKeyParamsSchema,
    responses: { 200: { description: 'The key record, now revoked.', schema: ApiKeySchema } },
    errors: { 404: [err(API_KEY_NOT_FOUND, 'api_key_not_found')] },
  },
});
