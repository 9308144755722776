import type { Database } from '@groupsplit/shared';
import type { Selectable } from 'kysely';

type DeliveryRow = Selectable<Database['webhook_deliveries']>;

/** The delivery log's columns as the API shows them, in this order (the row's other columns stay inside). */
const DELIVERY_FIELDS = [
  'id',
  'event_id',
  'event_type',
  'mode',
  'trigger',
  'attempt',
  'url',
  'outcome',
  'status_code',
  'response_excerpt',
  'duration_ms',
  'error',
  'signed_at',
  'next_attempt_at',
  'gave_up_at',
  'started_at',
  'created_at',
] as const satisfies readonly (keyof DeliveryRow)[];

/** One attempt in the delivery log; `id` is what resend takes. */
export function presentDelivery(row: DeliveryRow) {
  return Object.fromEntries(DELIVERY_FIELDS.map((field) => [field, row[field]])) as Pick<
    DeliveryRow,
    (typeof DELIVERY_FIELDS)[number]
  >;
}
