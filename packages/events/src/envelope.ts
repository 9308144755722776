import type { StoredWebhookEvent } from '@groupsplit/db';
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
  session_token?: unknown;
  customer_email?: unknown;
  customer_name?: unknown;
  metadata?: unknown;
  data: Record<string, unknown>;
};

/**
 * docs/spec.md (Outbound webhooks) says split events "carry session_token, customer_email, customer_name and metadata
 * ... and data.split_id": only split_id is placed in `data` there, so the session fields are
 * repeated at the top level as well as kept in `data`, and a handler reading either place works.
 */
const SESSION_FIELDS = ['session_token', 'customer_email', 'customer_name', 'metadata'] as const;

export type { StoredWebhookEvent };

export function buildWebhookEnvelope(event: StoredWebhookEvent): WebhookEnvelope {
  const data = (event.payload ?? {}) as Record<string, unknown>;
  const session: Partial<Record<(typeof SESSION_FIELDS)[number], unknown>> = {};
  for (const field of SESSION_FIELDS) if (field in data) session[field] = data[field];
  return {
    id: event.id,
    type: event.type as WebhookEventType,
    created: Math.floor(event.created_at.getTime() / 1000),
    mode: event.mode,
    sample: event.sample,
    ...session,
    data,
  };
}

/** The exact bytes posted and signed; the same event always serialises the same way, so retries and resends carry identical bodies. */
export const serializeWebhookEnvelope = (envelope: WebhookEnvelope) => JSON.stringify(envelope);
