import {
  businessErrorResponses,
  businessHeaders,
  err,
  json,
  MESSAGES,
  type OpenApiPaths,
  VALIDATION_FAILED,
} from '@groupsplit/shared';
import { CredentialsSchema, RotatedSecretSchema, RotateSchema, USE_API_KEYS_MESSAGE } from './schema';

export const credentialsPaths: OpenApiPaths = {
  '/api/merchants/credentials': {
    get: {
      operationId: 'getCredentials',
      tags: ['Webhooks'],
      summary: 'The webhook URL and signing secret of a mode',
      description: 'Owner, Admin. Live unless X-Service-Mode: test. No API key is returned here, ever.',
      requestParams: { header: businessHeaders({ mode: true }) },
      responses: {
        200: { description: 'The webhook settings.', ...json(CredentialsSchema) },
        ...businessErrorResponses({ mode: true, roleMessage: MESSAGES.roleForbidden }),
      },
    },
  },
  '/api/merchants/credentials/rotate': {
    post: {
      operationId: 'rotateWebhookSecret',
      tags: ['Webhooks'],
      summary: 'Create or replace the webhook signing secret',
      description:
        'Owner, Admin. The first call creates the secret of the mode asked (X-Service-Mode), later calls replace it; ' +
        'the old value stops verifying immediately.',
      requestParams: { header: businessHeaders({ mode: true }) },
      requestBody: { required: true, ...json(RotateSchema, { target: 'webhook_secret' }) },
      responses: {
        200: { description: 'The new secret.', ...json(RotatedSecretSchema) },
        ...businessErrorResponses(
          { write: true, mode: true },
          {
            400: [VALIDATION_FAILED, err(USE_API_KEYS_MESSAGE, 'use_api_keys')],
          },
        ),
      },
    },
  },
};
