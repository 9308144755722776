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
});

/** A wrongly typed field gets the same `Invalid <field>: <reason>` wording as a bad value. */
export const invalidIntegration = (details: ErrorDetail[]) => {
  const field = details[0]?.field === 'allowed_domain' ? 'allowed_domain' : 'webhook_url';
  return validationFailed(`Invalid ${field}: must be a string, or empty to clear it`, details);
};

export const invalidAllowedDomain = (reason: string) =>
  badRequest(`Invalid allowed_domain: ${reason}`, 'invalid_allowed_domain');

/** PATCH /api/merchants: the settings as they now are (webhook_url is the mode asked's). */
export const IntegrationSettingsSchema = z
  .object({
    id: idField('merchant', 'The business.'),
    mode: ModeSchema,
    ...IntegrationFieldsView,
  })
  .meta({ id: 'IntegrationSettings', description: 'The settings as they now are.' });
