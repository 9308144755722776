import { err, FAMILIES, MESSAGES, type OpenApiPaths, operations, VALIDATION_FAILED } from '@groupsplit/shared';
import { CredentialsSchema, RotatedSecretSchema, RotateSchema, USE_API_KEYS_MESSAGE } from './schema';

export const credentialsPaths: OpenApiPaths = operations(FAMILIES.webhooks, {
  'GET /api/merchants/credentials': {
    id: 'getCredentials',
    summary: 'The webhook URL and signing secret of a mode',
    description: 'Owner, Admin. Live unless X-Service-Mode: test. No API key is returned here, ever.',
    business: { mode: true, roleMessage: MESSAGES.roleForbidden },
    responses: { 200: { description: 'The webhook settings.', schema: CredentialsSchema } },
  },
  'POST /api/merchants/credentials/rotate': {
    id: 'rotateWebhookSecret',
    summary: 'Create or replace the webhook signing secret',
    description:
      'Owner, Admin. The first call creates the secret of the mode asked (X-Service-Mode), later calls replace it; ' +
      'the old value stops verifying immediately.',
    business: { write: true, mode: true },
    body: { schema: RotateSchema },
    responses: { 200: { description: 'The new secret.', schema: RotatedSecretSchema } },
    errors: { 400: [VALIDATION_FAILED, err(USE_API_KEYS_MESSAGE, 'use_api_keys')] },
  },
});
