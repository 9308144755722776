import { err, FAMILIES, MESSAGES, type OpenApiPaths, operations } from '@groupsplit/shared';
import {
  COMPANY_REGISTERED_MESSAGE,
  MERCHANT_EXISTS_MESSAGE,
  RegisteredMerchantSchema,
  RegisterSchema,
} from './schema';

export const registerPaths: OpenApiPaths = operations(FAMILIES.account, {
  'POST /api/merchants/register': {
    id: 'registerMerchant',
    summary: 'Register a business',
    description:
      'Any signed-in account; the caller becomes its Owner. One login registers one business unless it sends ' +
      '`allow_additional: true`. The business is a UK business paying out in pounds at the standard 3% rate. A ' +
      '`webhook_url` given here is the live one and gets every URL check.',
    body: { schema: RegisterSchema },
    responses: { 201: { description: 'Registered.', schema: RegisteredMerchantSchema } },
    errors: {
      400: [
        err(MESSAGES.registrationInvalid, undefined, 'a missing or malformed field; `details` lists each'),
        err(MESSAGES.invalidWebhookUrl('<reason>'), 'invalid_webhook_url'),
      ],
      409: [
        err(MERCHANT_EXISTS_MESSAGE, 'merchant_exists'),
        err(COMPANY_REGISTERED_MESSAGE, 'company_already_registered', 'the body also names the `business_name`'),
      ],
    },
  },
});
