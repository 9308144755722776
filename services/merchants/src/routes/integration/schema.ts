import { badRequest, type ErrorDetail, ModeSchema, validationFailed } from '@groupsplit/shared';
import { z } from 'zod';

/** Absent: unchanged. Empty string or null: cleared. */
export const IntegrationSchema = z.object({
  webhook_url: z.string().nullish(),
  allowed_domain: z.string().nullish(),
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
    id: z.string(),
    mode: ModeSchema,
    webhook_url: z.string().nullable(),
    allowed_domain: z.string().nullable(),
  })
  .meta({ id: 'IntegrationSettings' });
