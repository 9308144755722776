import type { Generated } from 'kysely';

/** The outbox of merchant-facing events. Written by the worker (activities), in the transaction of the change. */
export interface WebhookEventsTable {
  id: Generated<string>;
  merchant_id: string;
  mode: 'test' | 'live';
  type: string;
  payload: unknown;
  dedupe_key: string;
  created_at: Generated<Date>;
  dispatched_at: Date | null;
}

export interface WebhooksTables {
  webhook_events: WebhookEventsTable;
}
