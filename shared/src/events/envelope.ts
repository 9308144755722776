import type { WebhookEventType } from './outbox';

/**
 * What a merchant receives. `id` is the event id (also `X-Service-Event-Id`), `created`
 * unix seconds when the event happened, `sample` true only for the dashboard's test send.
 */
export type WebhookEnvelope = {
  id: string;
  type: WebhookEventType;
  created: number;
  mode: 'test' | 'live';
  sample: boolean;
  data: Record<string, unknown>;
};

export type StoredWebhookEvent = {
  id: string;
  type: string;
  mode: 'test' | 'live';
  payload: unknown;
  sample: boolean;
  created_at: Date;
};

export function buildWebhookEnvelope(event: StoredWebhookEvent): WebhookEnvelope {
  return {
    id: event.id,
    type: event.type as WebhookEventType,
    created: Math.floor(event.created_at.getTime() / 1000),
    mode: event.mode,
    sample: event.sample,
    data: (event.payload ?? {}) as Record<string, unknown>,
  };
}

/** The exact bytes posted and signed; the same event always serialises the same way, so retries and resends carry identical bodies. */
export const serializeWebhookEnvelope = (envelope: WebhookEnvelope) => JSON.stringify(envelope);
