import { err, FAMILIES, MESSAGES, type OpenApiPaths, operations } from '@groupsplit/shared';
import { IntegrationSchema, IntegrationSettingsSchema } from './schema';

export const integrationPaths: OpenApiPaths = operations(FAMILIES.account, {
  'PATCH /api/merchants': {
    id: 'updateIntegration',
    summary: 'Set the webhook URL and the allowed return domains',
    description:
      'Owner, Admin. `webhook_url` is the one of the mode asked (X-Service-Mode); `allowed_domain` is one per business, ' +
      'the host every `return_url` and `cancel_url` must match, in live and (unless `test_allowed_domain` is set) in ' +
      'test mode: sent with `X-Service-Mode: test` it still sets that one domain, and the answer adds a `hint` saying so. ' +
      "`test_allowed_domain` is test mode's own (`localhost` for local development); live never reads it. " +
      'An absent field is unchanged; an empty string or null ' +
      'clears it. A live URL must be public https; a test URL may be http on a private address only where ' +
      '`ALLOW_PRIVATE_WEBHOOK_TARGETS` is on (local development). With `create_webhook_secret: true` and no secret yet ' +
      'for the mode, a secret is created as rotate would create it and returned once as `webhook_secret`.',
    business: { write: true, mode: true },
    body: { schema: IntegrationSchema },
    responses: { 200: { description: 'The settings as they now are.', schema: IntegrationSettingsSchema } },
    errors: {
      400: [
        err('Invalid webhook_url: must be a string, or empty to clear it', 'validation_failed'),
        err(MESSAGES.invalidWebhookUrl('<reason>'), 'invalid_webhook_url'),
        err('Invalid allowed_domain: <reason>', 'invalid_allowed_domain'),
        err('Invalid create_webhook_secret: must be true or false', 'validation_failed'),
        err('Invalid test_allowed_domain: <reason>', 'invalid_allowed_domain'),
      ],
    },
  },
});
