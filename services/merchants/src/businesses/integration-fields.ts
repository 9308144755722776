import { nullableTextField } from '@groupsplit/shared';

/**
 * The integration settings as answers show them (the merchant record and the settings change),
 * described once for both route folders.
 */
export const IntegrationFieldsView = {
  webhook_url: nullableTextField("This mode's webhook URL, or null.", 'https://shop.example.com/webhooks'),
  allowed_domain: nullableTextField(
    'The host return and cancel URLs must be on (live, and test unless test_allowed_domain is set), or null.',
    'shop.example.com',
  ),
  test_allowed_domain: nullableTextField(
    "Test mode's own return domain, or null (test mode then uses allowed_domain). Live never reads it.",
    'localhost',
  ),
};
