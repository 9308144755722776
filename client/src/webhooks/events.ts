import type { webhooks } from '../schema';

/** The event types the service posts, as the OpenAPI document's `webhooks` section names them. */
export type WebhookEventType = keyof webhooks;

/** The body of one event type, from the document (e.g. `WebhookEventOf<'checkout_split.paid'>`). */
export type WebhookEventOf<T extends WebhookEventType> = NonNullable<
  webhooks[T]['post']['requestBody']
>['content']['application/json'];

/** Any event the service posts: a union on `type`, so `switch (event.type)` narrows `data`. */
export type WebhookEvent = { [T in WebhookEventType]: WebhookEventOf<T> }[WebhookEventType];
