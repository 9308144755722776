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
  allowed_domain: z.string().nullish().meta({
    description:
      'The host every `return_url` and `cancel_url` must be on (`localhost` for local test orders); empty or null clears it.',
    example: 'shop.example.com',
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
  const field = details[0]?.field;
  if (field === 'create_webhook_secret')
    return validationFailed('Invalid create_webhook_secret: must be true or false', details);
  if (field === 'allowed_domain')
    return validationFailed(`Invalid ${field}: must be a string, or empty to clear it`, details);
  return validationFailed('Invalid webhook_url: must be a string, or empty to clear it', details);
};

export const invalidAllowedDomain = (reason: string) =>
  badRequest(`Invalid allowed_domain: ${reason}`, 'invalid_allowed_domain');

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
  })
  .meta({ id: 'IntegrationSettings', description: 'The settings as they now are.' });
