import { err, MESSAGES, type OpenApiPaths, operation, VALIDATION_FAILED } from '@groupsplit/shared';
import { CredentialsSchema, RotatedSecretSchema, RotateSchema, USE_API_KEYS_MESSAGE } from './schema';

export const credentialsPaths: OpenApiPaths = {
  '/api/merchants/credentials': {
    get: operation({
      id: 'getCredentials',
      tag: 'Webhooks',
      summary: 'The webhook URL and signing secret of a mode',
      description: 'Owner, Admin. Live unless X-Service-Mode: test. No API key is returned here, ever.',
      business: { mode: true, roleMessage: MESSAGES.roleForbidden },
      responses: { 200: { description: 'The webhook settings.', schema: CredentialsSchema } },
    }),
  },
  '/api/merchants/credentials/rotate': {
    post: operation({
      id: 'rotateWebhookSecret',
      tag: 'Webhooks',
      summary: 'Create or replace the webhook signing secret',
      description:
        'Owner, Admin. The first call creates the secret of the mode asked (X-Service-Mode), later calls replace it; ' +
        'the old value stops verifying immediately.',
      business: { write: true, mode: true },
      body: { schema: RotateSchema },
      responses: { 200: { description: 'The new secret.', schema: RotatedSecretSchema } },
      errors: { 400: [VALIDATION_FAILED, err(USE_API_KEYS_MESSAGE, 'use_api_keys')] },
    }),
  },
};
