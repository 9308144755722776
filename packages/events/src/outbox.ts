import { createHash } from 'node:crypto';
import type { Database } from '@groupsplit/db';
import { WebhookEventsRepository } from '@groupsplit/db';
import type { Kysely } from 'kysely';

export const WEBHOOK_EVENT_TYPES = [
  'checkout_split.participant_authorised',
  /** Ours (merchant accept): every share authorised on a merchant_accept order, which now waits for the merchant. */
  'checkout_split.authorised',
  'checkout_split.paid',
  'checkout_split.canceled',
  'checkout_split.refunded',
  'checkout_session.expired',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export type OutboxEvent = {
  merchantId: string;
  mode: 'test' | 'live';
  type: WebhookEventType;
  /** The envelope's `data`; amounts already as two-place pound strings (see splitEventData). */
  data: Record<string, unknown>;
  /** Stable id of what caused the event, e.g. `paid:<splitId>`; a repeat is ignored. */
  dedupeKey: string;
  /** Only the dashboard's test send. */
  sample?: boolean;
};

/** Split states that never produce a webhook (docs/spec.md, Outbound webhooks: "Not emitted"). */
const SILENT_SPLIT_STATUSES = new Set(['creation_failed', 'capture_failed']);

/** Status the split must be in when each event is recorded, where docs/spec.md (Outbound webhooks) pins it. */
const REQUIRED_SPLIT_STATUS: Partial<Record<WebhookEventType, string>> = {
  'checkout_split.authorised': 'pending',
  'checkout_split.paid': 'captured',
  'checkout_split.canceled': 'canceled',
};

export class OutboxEventRefused extends Error {
  override name = 'OutboxEventRefused';
}

/** The "Not emitted" rules (docs/spec.md, Outbound webhooks), checked where every event is written so no emitter can break them. */
export function assertEventAllowed(event: Pick<OutboxEvent, 'type' | 'data'>): void {
  if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(event.type)) {
    throw new OutboxEventRefused(`Unknown webhook event type: ${event.type}`);
  }
  const status = event.data.status;
  if (!event.type.startsWith('checkout_split.') || typeof status !== 'string') return;
  if (SILENT_SPLIT_STATUSES.has(status)) {
    throw new OutboxEventRefused(`No webhook is sent for a split in status ${status}`);
  }
  const required = REQUIRED_SPLIT_STATUS[event.type];
  if (required && status !== required) {
    throw new OutboxEventRefused(`${event.type} needs split status ${required}, not ${status}`);
  }
}

/** The id every event with this dedupe key has (the md5 of the key, as a uuid): what the outbox's insert writes (repositories/outbox.ts), so an event
 * rebuilt after a database restore (support `reconcile`) has the id the merchant may already have seen. */
export function webhookEventIdFor(dedupeKey: string): string {
  const hex = createHash('md5').update(dedupeKey, 'utf8').digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Writes an event to the outbox. Call it with the transaction that makes the state change,
 * so the event exists if and only if the change does; after commit, hand the id to
 * dispatchWebhookEvents in `@groupsplit/workflows/client` (the every-minute sweeper catches
 * anything that is not).
 * Returns the event id, or null when the same cause was already recorded.
 */
export async function recordEvent(trx: Kysely<Database>, event: OutboxEvent): Promise<string | null> {
  return new WebhookEventsRepository(trx).record(outboxEventValues(event));
}

/**
 * The outbox row's values, in the column order of `webhook_events` (merchant_id, mode, type,
 * payload, dedupe_key, sample), once the "Not emitted" rules allow the event. For a writer that
 * puts the event into a statement of its own (one that writes the change and its event at once).
 */
export function outboxEventValues(
  event: OutboxEvent,
): [string, 'test' | 'live', WebhookEventType, string, string, boolean] {
  assertEventAllowed(event);
  return [event.merchantId, event.mode, event.type, JSON.stringify(event.data), event.dedupeKey, event.sample ?? false];
}
