import { err, FAMILIES, MESSAGES, mergePaths, type OpenApiPaths, operations } from '@groupsplit/shared';
import { z } from 'zod';
import {
  DELIVERY_NOT_FOUND,
  DeliveryDetailSchema,
  DeliveryLogQuerySchema,
  DeliveryParamsSchema,
  DeliverySchema,
  PendingDeliverySchema,
  TestSendSchema,
  webhookSecretNotSet,
  webhookUrlNotSet,
} from './schema';

const notDeliverable = [
  err(webhookUrlNotSet('<mode>').message, 'webhook_url_not_set'),
  err(webhookSecretNotSet('<mode>').message, 'webhook_secret_not_set'),
];

const deliveryNotFound = err(DELIVERY_NOT_FOUND, 'delivery_not_found');

const sent = {
  200: { description: 'The attempt, as logged.', schema: DeliverySchema },
  202: {
    description: "The worker had not finished well after the endpoint's own time limit; the log will show the attempt.",
    schema: PendingDeliverySchema,
  },
};

const log = operations(FAMILIES.webhooks, {
  'GET /api/merchants/webhooks/deliveries': {
    id: 'listWebhookDeliveries',
    summary: 'The delivery log',
    description:
      'Every role. One row per attempt (retries, test sends and resends each add rows), newest first, for the mode asked. ' +
      'Page with `starting_after` (the last row id of the page before); narrow with `type`, `status` and `split_id`.',
    query: DeliveryLogQuerySchema,
    business: { mode: true },
    responses: { 200: { description: 'Delivery attempts.', schema: z.array(DeliverySchema) } },
    errors: {
      400: [err(MESSAGES.validationFailed, 'validation_failed', 'limit is not a number, or an unknown type or status')],
      404: [
        err(DELIVERY_NOT_FOUND, 'delivery_not_found', '`starting_after` is not a delivery of this business and mode'),
      ],
    },
  },
  'POST /api/merchants/webhooks/test': {
    id: 'sendTestWebhook',
    summary: 'Send a sample event (checkout_split.paid unless another type is asked)',
    description:
      'Owner, Admin. One signed attempt to the webhook URL of the mode asked, with `sample: true` and made-up data; ' +
      'answers with the logged attempt. The body is optional: `{ type }` picks the sample (default `checkout_split.paid`).',
    business: { write: true, mode: true },
    body: { schema: TestSendSchema, required: false },
    responses: sent,
    errors: { 400: notDeliverable },
  },
});

/** One delivery attempt of the business, by id (either mode: the row decides). */
const attempt = {
  ...FAMILIES.webhooks,
  path: DeliveryParamsSchema,
  errors: { 404: [deliveryNotFound] },
};

const attempts = operations(attempt, {
  'GET /api/merchants/webhooks/deliveries/{id}': {
    id: 'getWebhookDelivery',
    summary: 'One delivery attempt, with the request it sent',
    description:
      'Every role. The attempt as the log shows it, plus the headers and the exact body it sent (the signature shows its ' +
      'timestamp only). Either mode: the row decides.',
    business: {},
    responses: { 200: { description: 'The attempt and its request.', schema: DeliveryDetailSchema } },
  },
  'POST /api/merchants/webhooks/deliveries/{id}/resend': {
    id: 'resendWebhookDelivery',
    summary: 'Send an event again',
    description: "Owner, Admin. Same data, fresh timestamp and signature, to the current URL of the event's mode.",
    business: { write: true },
    responses: sent,
    errors: { 400: notDeliverable },
  },
});

export const webhooksPaths: OpenApiPaths = mergePaths([log, attempts]);
