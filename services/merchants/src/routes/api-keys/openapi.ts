import {
  businessErrorResponses,
  businessHeaders,
  err,
  json,
  MESSAGES,
  type OpenApiPaths,
  VALIDATION_FAILED,
} from '@groupsplit/shared';
import { z } from 'zod';
import {
  API_KEY_NOT_FOUND,
  ApiKeyParamsSchema,
  ApiKeySchema,
  CreateApiKeySchema,
  CreatedApiKeySchema,
  LIVE_KEY_NEEDS_VERIFICATION,
} from './schema';

export const apiKeysPaths: OpenApiPaths = {
  '/api/merchants/api-keys': {
    post: {
      operationId: 'createApiKey',
      tags: ['API keys'],
      summary: 'Create an API key',
      description:
        'Owner, Admin. X-Service-Mode: test makes a test key (`svc_test_…`), which needs no processor connection; ' +
        'otherwise a live key (`svc_prod_…`), which needs a verified business. The key is in this response only.',
      requestParams: { header: businessHeaders({ mode: true }) },
      requestBody: { required: false, ...json(CreateApiKeySchema, { name: 'Shop server' }) },
      responses: {
        201: { description: 'The key, shown once.', ...json(CreatedApiKeySchema) },
        ...businessErrorResponses(
          { write: true, mode: true },
          {
            400: [VALIDATION_FAILED],
            403: [err(LIVE_KEY_NEEDS_VERIFICATION, 'live_key_needs_verification')],
          },
        ),
      },
    },
    get: {
      operationId: 'listApiKeys',
      tags: ['API keys'],
      summary: 'List API keys',
      description: 'Owner, Admin. Every key of both modes, newest first, revoked ones included; never the key itself.',
      requestParams: { header: businessHeaders() },
      responses: {
        200: { description: 'The key records.', ...json(z.array(ApiKeySchema)) },
        ...businessErrorResponses({ roleMessage: MESSAGES.roleForbidden }),
      },
    },
  },
  '/api/merchants/api-keys/{id}/revoke': {
    post: {
      operationId: 'revokeApiKey',
      tags: ['API keys'],
      summary: 'Revoke an API key',
      description: 'Owner, Admin. Stops that key at once; other keys are unaffected. Revoking twice is not an error.',
      requestParams: { path: ApiKeyParamsSchema, header: businessHeaders() },
      responses: {
        200: { description: 'The key record, now revoked.', ...json(ApiKeySchema) },
        ...businessErrorResponses({ write: true }, { 404: [err(API_KEY_NOT_FOUND, 'api_key_not_found')] }),
      },
    },
  },
};
