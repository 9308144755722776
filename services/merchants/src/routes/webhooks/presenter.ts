import type { Database } from '@groupsplit/shared';
import type { Selectable } from 'kysely';

type DeliveryRow = Selectable<Database['webhook_deliveries']>;

/** One attempt in the delivery log; `id` is what resend takes. */
export function presentDelivery(row: DeliveryRow) {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type,
    mode: row.mode,
    trigger: row.trigger,
    attempt: row.attempt,
    url: row.url,
    outcome: row.outcome,
    status_code: row.status_code,
    response_excerpt: row.response_excerpt,
    duration_ms: row.duration_ms,
    error: row.error,
    signed_at: row.signed_at,
    next_attempt_at: row.next_attempt_at,
    gave_up_at: row.gave_up_at,
    started_at: row.started_at,
    created_at: row.created_at,
  };
}
