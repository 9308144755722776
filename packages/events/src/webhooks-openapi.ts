import { DOCUMENT_OPTIONS, type OpenApiDocument } from '@groupsplit/http';
import { z } from 'zod';
import { createDocument, type ZodOpenApiPathItemObject } from 'zod-openapi';
import type { WebhookEventType } from './outbox';
import { WEBHOOK_EVENT_SCHEMAS } from './schemas';
import { WEBHOOK_ATTEMPT_HEADER, WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from './webhook-signature';

/** When each event is sent (docs/spec.md, Outbound webhooks; docs/webhooks.md). */
const WHEN: Record<WebhookEventType, { summary: string; description: string }> = {
  'checkout_split.participant_authorised': {
    summary: 'A participant authorised their share',
    description: "A hold was placed on one participant's card. `data.participant` is who.",
  },
  'checkout_split.authorised': {
    summary: 'Every share is authorised: accept or decline',
    description:
      "Only for a session created with `capture: 'merchant_accept'`: every participant has authorised and the order " +
      'waits for you (split status `pending`, `awaiting_merchant: true`). Accept with ' +
      '`POST /api/merchants/checkout/splits/{id}/accept`, decline with `.../cancel`; with no answer by ' +
      '`authorization_expires_at` the holds are released (`checkout_split.canceled`, reason `expired`). Sent once.',
  },
  'checkout_split.paid': {
    summary: 'The order is paid',
    description:
      "Every share was captured (split status `captured`): the signal to fulfil. Also what the dashboard's test send " +
      'simulates (`sample: true`). Never sent when capture fails part-way.',
  },
  'checkout_split.canceled': {
    summary: 'The split was cancelled',
    description:
      "Cancelled from the dashboard, with the API key (the merchant's own cancel too), or because the holds expired " +
      '(`data.reason`: `canceled` or `expired`). Nobody was charged.',
  },
  'checkout_split.refunded': {
    summary: 'A refund was made',
    description:
      "Every refund, however made: API key, dashboard, or the merchant's own processor dashboard. `data.refund` is the " +
      'refund; `data.status` is `refunded` or `partially_refunded`.',
  },
  'checkout_session.expired': {
    summary: 'A checkout session expired',
    description:
      'A hosted-checkout session reached the end of its 2-hour life without a split; it can no longer be used.',
  },
};

const DeliveryHeaders = z.object({
  [WEBHOOK_SIGNATURE_HEADER]: z.string().meta({
    param: {
      id: 'WebhookSignature',
      description:
        '`t=<unix seconds>,v1=<hex>`: v1 is HMAC-SHA256 of `<t>.<raw body>` keyed on the webhook secret of the ' +
        "event's mode. Verify it on the raw body, in constant time, and refuse a `t` more than 5 minutes from your clock.",
      example: 't=1795260000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
    },
  }),
  [WEBHOOK_EVENT_ID_HEADER]: z.uuid().meta({
    param: {
      id: 'WebhookEventId',
      description: 'The event id (`id` in the body). Stable across retries and resends: dedupe on it.',
    },
  }),
  [WEBHOOK_ATTEMPT_HEADER]: z
    .string()
    .regex(/^[1-9]$/)
    .meta({
      param: { id: 'WebhookAttempt', description: 'Attempt number, 1 to 9 (a test send or resend is attempt 1).' },
    }),
});

function eventItem(type: WebhookEventType): ZodOpenApiPathItemObject {
  return {
    post: {
      operationId: `webhook_${type.replace('.', '_')}`,
      tags: ['Webhooks'],
      ...WHEN[type],
      // Nothing the receiver sends: the signature header proves the request came from us.
      security: [],
      requestParams: { header: DeliveryHeaders },
      requestBody: { required: true, content: { 'application/json': { schema: WEBHOOK_EVENT_SCHEMAS[type] } } },
      responses: {
        '2XX': {
          description:
            'Acknowledged: any 2xx within 10 seconds. Anything else (or no answer) is retried: nine attempts over about ' +
            '47 hours, then the business owner is e-mailed.',
        },
      },
    },
  };
}

/** The `webhooks` section: the events posted to the merchant's `webhook_url`, with payloads and headers. */
export function webhooksOpenApiPart(): OpenApiDocument {
  return createDocument(
    {
      openapi: '3.1.0',
      info: { title: 'groupsplit webhooks', version: '1' },
      webhooks: Object.fromEntries(
        (Object.keys(WEBHOOK_EVENT_SCHEMAS) as WebhookEventType[]).map((type) => [type, eventItem(type)]),
      ),
    },
    DOCUMENT_OPTIONS,
  );
}
