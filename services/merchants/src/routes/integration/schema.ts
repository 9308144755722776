import { AppError, type ErrorDetail } from '@groupsplit/shared';
import { z } from 'zod';

/** Absent: unchanged. Empty string or null: cleared. */
export const IntegrationSchema = z.object({
  webhook_url: z.string().nullish(),
  allowed_domain: z.string().nullish(),
});

/** A wrongly typed field gets the same `Invalid <field>: <reason>` wording as a bad value. */
export const invalidIntegration = (details: ErrorDetail[]) => {
  const field = details[0]?.field === 'allowed_domain' ? 'allowed_domain' : 'webhook_url';
  return new AppError(400, `Invalid ${field}: must be a string, or empty to clear it`, 'validation_failed', details);
};

export const invalidAllowedDomain = (reason: string) =>
  new AppError(400, `Invalid allowed_domain: ${reason}`, 'invalid_allowed_domain');
