import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

export const WEBHOOK_EVENT_TYPES = [
  'checkout_split.participant_authorised',
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
  /** The envelope's `data`; amounts already as two-place pound strings. */
  data: Record<string, unknown>;
  /** Stable id of what caused the event, e.g. `paid:<splitId>`; a repeat is ignored. */
  dedupeKey: string;
};

/**
 * Writes an event to the outbox. Call it with the transaction that makes the state change,
 * so the event exists if and only if the change does. Returns the event id, or null when
 * the same cause was already recorded.
 */
export async function recordEvent(trx: Kysely<Database>, event: OutboxEvent): Promise<string | null> {
  const row = await trx
    .insertInto('webhook_events')
    .values({
      merchant_id: event.merchantId,
      mode: event.mode,
      type: event.type,
      payload: JSON.stringify(event.data),
      dedupe_key: event.dedupeKey,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}
