import { err, errorResponses, json, MESSAGES, type OpenApiPaths } from '@groupsplit/shared';
import {
  COMPANY_REGISTERED_MESSAGE,
  MERCHANT_EXISTS_MESSAGE,
  RegisteredMerchantSchema,
  RegisterSchema,
} from './schema';

const EXAMPLE = {
  name: 'Corner Shop',
  legal_name: 'Corner Shop Ltd',
  business_type: 'limited_company',
  business_address: '1 High Street, London, N1 1AA',
  business_email: 'hello@cornershop.example',
  business_phone: '020 7946 0000',
  company_number: '01234567',
};

export const registerPaths: OpenApiPaths = {
  '/api/merchants/register': {
    post: {
      operationId: 'registerMerchant',
      tags: ['Account'],
      summary: 'Register a business',
      description:
        'Any signed-in account; the caller becomes its Owner. One login registers one business unless it sends ' +
        '`allow_additional: true`. The business is a UK business paying out in pounds at the standard 3% rate. A ' +
        '`webhook_url` given here is the live one and gets every URL check.',
      requestBody: { required: true, ...json(RegisterSchema, EXAMPLE) },
      responses: {
        201: { description: 'Registered.', ...json(RegisteredMerchantSchema) },
        ...errorResponses({
          400: [
            err(MESSAGES.registrationInvalid, undefined, 'a missing or malformed field; `details` lists each'),
            err(MESSAGES.invalidWebhookUrl('<reason>'), 'invalid_webhook_url'),
          ],
          409: [
            err(MERCHANT_EXISTS_MESSAGE, 'merchant_exists'),
            err(COMPANY_REGISTERED_MESSAGE, 'company_already_registered', 'the body also names the `business_name`'),
          ],
        }),
      },
    },
  },
};
