import { businessErrorResponses, businessHeaders, err, json, MESSAGES, type OpenApiPaths } from '@groupsplit/shared';
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

const notDeliverable = [
  err(webhookUrlNotSet('<mode>').message, 'webhook_url_not_set'),
  err(webhookSecretNotSet('<mode>').message, 'webhook_secret_not_set'),
];

const sent = {
  200: { description: 'The attempt, as logged.', ...json(DeliverySchema) },
  202: {
    description: "The worker had not finished well after the endpoint's own time limit; the log will show the attempt.",
    ...json(PendingDeliverySchema),
  },
};

export const webhooksPaths: OpenApiPaths = {
  '/api/merchants/webhooks/deliveries': {
    get: {
      operationId: 'listWebhookDeliveries',
      tags: ['Webhooks'],
      summary: 'The delivery log',
      description:
        'Every role. One row per attempt (retries, test sends and resends each add rows), newest first, for the mode asked.',
      requestParams: { query: DeliveryLogQuerySchema, header: businessHeaders({ mode: true }) },
      responses: {
        200: { description: 'Delivery attempts.', ...json(z.array(DeliverySchema)) },
        ...businessErrorResponses(
          { mode: true },
          {
            400: [err(MESSAGES.validationFailed, 'validation_failed', 'limit is not a number')],
          },
        ),
      },
    },
  },
  '/api/merchants/webhooks/test': {
    post: {
      operationId: 'sendTestWebhook',
      tags: ['Webhooks'],
      summary: 'Send a sample checkout_split.paid',
      description:
        'Owner, Admin. One signed attempt to the webhook URL of the mode asked, with `sample: true` and made-up data; ' +
        'answers with the logged attempt.',
      requestParams: { header: businessHeaders({ mode: true }) },
      responses: {
        ...sent,
        ...businessErrorResponses({ write: true, mode: true }, { 400: notDeliverable }),
      },
    },
  },
  '/api/merchants/webhooks/deliveries/{id}/resend': {
    post: {
      operationId: 'resendWebhookDelivery',
      tags: ['Webhooks'],
      summary: 'Send an event again',
      description: "Owner, Admin. Same data, fresh timestamp and signature, to the current URL of the event's mode.",
      requestParams: { path: DeliveryParamsSchema, header: businessHeaders() },
      responses: {
        ...sent,
        ...businessErrorResponses(
          { write: true },
          {
            400: notDeliverable,
            404: [err(DELIVERY_NOT_FOUND, 'delivery_not_found')],
          },
        ),
      },
    },
  },
};
