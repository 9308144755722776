import type { Generated } from 'kysely';

/** The outbox of merchant-facing events. Written by the worker (activities), in the transaction of the change. */
export interface WebhookEventsTable {
  id: Generated<string>;
  merchant_id: string;
  mode: 'test' | 'live';
  type: string;
  payload: unknown;
  dedupe_key: string;
  sample: Generated<boolean>;
  created_at: Generated<Date>;
  /** Set once delivery has started: the first attempt was made, or the retrying workflow was started. */
  dispatched_at: Date | null;
  /** A dispatcher's claim on the first attempt (see dispatchWebhookEvents); null until claimed. */
  first_attempt_at: Generated<Date | null>;
  /** Set once the event's receipts (docs/emails.md) were handed to the e-mail workflows; null until then. */
  receipts_at: Generated<Date | null>;
}

/** The organiser's notices: each kind at most once per recipient per split per 12 hours. Written by the worker. */
export interface OrganiserNoticesTable {
  split_id: string;
  recipient: string;
  /** The e-mail template (`organiser.everyone_paid`, `organiser.one_left`). */
  kind: string;
  last_sent_at: Date;
}

/**
 * The delivery log, one row per attempt. Written by the worker: its webhook activities, and the
 * first attempt its dispatcher makes after an outbox commit.
 */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  delivery_id: string;
  event_id: string;
  merchant_id: string;
  mode: 'test' | 'live';
  event_type: string;
  trigger: 'event' | 'test' | 'resend';
  attempt: number;
  url: string | null;
  outcome: 'succeeded' | 'failed' | 'skipped';
  status_code: number | null;
  response_excerpt: string | null;
  duration_ms: number | null;
  error: string | null;
  signed_at: Date | null;
  next_attempt_at: Date | null;
  gave_up_at: Date | null;
  started_at: Date;
  created_at: Generated<Date>;
}

export interface WebhooksTables {
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  organiser_notices: OrganiserNoticesTable;
}
