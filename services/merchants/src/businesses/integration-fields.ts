import { z } from 'zod';

/**
 * The integration settings as answers show them (the merchant record and the settings change),
 * described once for both route folders.
 */
export const IntegrationFieldsView = {
  webhook_url: z
    .string()
    .nullable()
    .meta({ description: "This mode's webhook URL, or null.", example: 'https://shop.example.com/webhooks' }),
  allowed_domain: z
    .string()
    .nullable()
    .meta({ description: 'The host return and cancel URLs must be on, or null.', example: 'shop.example.com' }),
};
