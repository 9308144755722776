import { err, MESSAGES, type OpenApiPaths, operation } from '@groupsplit/shared';
import { z } from 'zod';
import {
  DELIVERY_NOT_FOUND,
  DeliveryLogQuerySchema,
  DeliveryParamsSchema,
  DeliverySchema,
  PendingDeliverySchema,
  webhookSecretNotSet,
  webhookUrlNotSet,
} from './schema';

const tag = 'Webhooks';

const notDeliverable = [
  err(webhookUrlNotSet('<mode>').message, 'webhook_url_not_set'),
  err(webhookSecretNotSet('<mode>').message, 'webhook_secret_not_set'),
];

const sent = {
  200: { description: 'The attempt, as logged.', schema: DeliverySchema },
  202: {
    description: "The worker had not finished well after the endpoint's own time limit; the log will show the attempt.",
    schema: PendingDeliverySchema,
  },
};

export const webhooksPaths: OpenApiPaths = {
  '/api/merchants/webhooks/deliveries': {
    get: operation({
      id: 'listWebhookDeliveries',
      tag,
      summary: 'The delivery log',
      description:
        'Every role. One row per attempt (retries, test sends and resends each add rows), newest first, for the mode asked.',
      query: DeliveryLogQuerySchema,
      business: { mode: true },
      responses: { 200: { description: 'Delivery attempts.', schema: z.array(DeliverySchema) } },
      errors: { 400: [err(MESSAGES.validationFailed, 'validation_failed', 'limit is not a number')] },
    }),
  },
  '/api/merchants/webhooks/test': {
    post: operation({
      id: 'sendTestWebhook',
      tag,
      summary: 'Send a sample checkout_split.paid',
      description:
        'Owner, Admin. One signed attempt to the webhook URL of the mode asked, with `sample: true` and made-up data; ' +
        'answers with the logged attempt.',
      business: { write: true, mode: true },
      responses: sent,
      errors: { 400: notDeliverable },
    }),
  },
  '/api/merchants/webhooks/deliveries/{id}/resend': {
    post: operation({
      id: 'resendWebhookDelivery',
      tag,
      summary: 'Send an event again',
      description: "Owner, Admin. Same data, fresh timestamp and signature, to the current URL of the event's mode.",
      path: DeliveryParamsSchema,
      business: { write: true },
      responses: sent,
      errors: { 400: notDeliverable, 404: [err(DELIVERY_NOT_FOUND, 'delivery_not_found')] },
    }),
  },
};
