import { badRequest, type ErrorDetail, idField, ModeSchema, validationFailed } from '@groupsplit/shared';
import { z } from 'zod';
import { IntegrationFieldsView } from '../../businesses/integration-fields';

/** Absent: unchanged. Empty string or null: cleared. */
export const IntegrationSchema = z.object({
  webhook_url: z.string().nullish().meta({
    description:
      "Where this mode's events are sent: https (test mode also takes `http://127.0.0.1`); empty or null clears it.",
    format: 'uri',
    example: 'https://shop.example.com/webhooks',
  }),
  allowed_domain: z
    .string()
    .nullish()
    .meta({
      description:
        'The host every `return_url` and `cancel_url` must be on, in both modes unless `test_allowed_domain` is set: ' +
        'one per business, so setting it in test mode sets the live domain too. Empty or null clears it.',
      example: 'shop.example.com',
    }),
  test_allowed_domain: z
    .string()
    .nullish()
    .meta({
      description:
        'Test mode only: the host test-mode `return_url` and `cancel_url` must be on, instead of `allowed_domain` ' +
        '(`localhost` for local development: http or https on localhost, 127.0.0.1 or [::1], any port). ' +
        'Live checkout never reads it. Empty or null clears it, and test mode falls back to `allowed_domain`.',
      example: 'localhost',
    }),
  create_webhook_secret: z
    .boolean()
    .optional()
    .meta({
      description:
        'When true and the mode has no webhook secret yet, one is created (as `POST /api/merchants/credentials/rotate` would) ' +
        'and the answer carries it once as `webhook_secret`. An existing secret is never replaced. Absent or false: no secret is created.',
      example: true,
    }),
});

/** A wrongly typed field gets the same `Invalid <field>: <reason>` wording as a bad value. */
export const invalidIntegration = (details: ErrorDetail[]) => {
  const named = details[0]?.field;
  if (named === 'create_webhook_secret')
    return validationFailed('Invalid create_webhook_secret: must be true or false', details);
  const field = named === 'allowed_domain' || named === 'test_allowed_domain' ? named : 'webhook_url';
  return validationFailed(`Invalid ${field}: must be a string, or empty to clear it`, details);
};

export const invalidDomain = (field: 'allowed_domain' | 'test_allowed_domain', reason: string) =>
  badRequest(`Invalid ${field}: ${reason}`, 'invalid_allowed_domain');

/** The `hint` of a test-mode PATCH that sets `allowed_domain`: there is one, and live uses it too. */
export const LIVE_DOMAIN_HINT =
  'allowed_domain is one per business: live checkout uses it too. To point only test mode somewhere ' +
  '(such as localhost), set test_allowed_domain instead.';

/** PATCH /api/merchants: the settings as they now are (webhook_url is the mode asked's). */
export const IntegrationSettingsSchema = z
  .object({
    id: idField('merchant', 'The business.'),
    mode: ModeSchema,
    ...IntegrationFieldsView,
    webhook_secret: z
      .string()
      .optional()
      .meta({
        description:
          'Only when `create_webhook_secret` created a secret just now: the new secret of the mode. Not shown here again; ' +
          'GET /api/merchants/credentials reveals it later.',
        example: 'whsec_4f9a2c7e1b8d3a6f0c5e9b2d7a4f1c8e',
      }),
    hint: z
      .string()
      .optional()
      .meta({
        description:
          'Present when a test-mode call set `allowed_domain`: it says that this is the live domain too, and ' +
          'to set `test_allowed_domain` for test mode alone.',
        example: LIVE_DOMAIN_HINT,
      }),
  })
  .meta({ id: 'IntegrationSettings', description: 'The settings as they now are.' });
