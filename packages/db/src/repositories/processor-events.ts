import { sql } from 'kysely';
import type { Db } from '../types';
import { updateByKey } from './query-helpers';

type Mode = 'test' | 'live';

/** An inbound processor event as stored (payload as JSON text). */
export type ProcessorEventRow = { id: string; mode: Mode; type: string; account_id: string | null; payload: string };

/**
 * Every query of `processor_events` (the processor's webhook events as checkout receives them, one row
 * per event id with its delivery count, written by checkout's processor-webhooks route).
 */
export class ProcessorEventsRepository {
  constructor(private readonly db: Db) {}

  /** Records a delivery of the event (a repeat counts one more delivery); when it was processed, if it was. */
  async recordDelivery(row: ProcessorEventRow): Promise<{ processed_at: Date | null }> {
    return this.db
      .insertInto('processor_events')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet({ deliveries: sql`processor_events.deliveries + 1` }))
      .returning(['processed_at'])
      .executeTakeFirstOrThrow();
  }

  /** Marks the event processed. */
  async markProcessed(id: string): Promise<void> {
    await updateByKey(this.db, 'processor_events', { id }, { processed_at: new Date(), last_error: null }).execute();
  }

  /**
   * Records why handling the event failed; the delivery is counted too unless `deliveryRecorded`
   * (its row was recorded before the handler failed).
   */
  async recordFailure(row: ProcessorEventRow, message: string, deliveryRecorded: boolean): Promise<void> {
    await this.db
      .insertInto('processor_events')
      .values({ ...row, last_error: message })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet(
            deliveryRecorded
              ? { last_error: message }
              : { last_error: message, deliveries: sql`processor_events.deliveries + 1` },
          ),
      )
      .execute();
  }
}
