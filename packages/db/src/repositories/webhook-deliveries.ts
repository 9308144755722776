import { type Insertable, sql } from 'kysely';
import type { WebhookDeliveriesTable } from '../schema/webhooks';
import type { Db } from '../types';
import { updateByKey, whereKey } from './query-helpers';

type Mode = 'test' | 'live';

/** The delivery log's filters and page (GET /api/merchants/webhooks/deliveries). */
export type DeliveryLogPage = {
  merchantId: string;
  mode: Mode;
  type?: string;
  outcome?: 'succeeded' | 'failed' | 'skipped';
  /** Only deliveries of events about this split (a uuid). */
  splitId?: string;
  /** The row the page starts after, in the log's order. */
  cursor?: { created_at: Date; attempt: number; id: string };
  limit: number;
};

/**
 * Every query of the webhook delivery log (`webhook_deliveries`, one row per attempt, written by the
 * worker) apart from the dispatcher's round (OutboxRepository): the attempt activity's log row, the
 * give-up, and the merchants service's log pages.
 */
export class WebhookDeliveriesRepository {
  constructor(private readonly db: Db) {}

  /** Logs one attempt unless that attempt of the delivery is logged already; the new row's id, or undefined. */
  async log(row: Insertable<WebhookDeliveriesTable>): Promise<string | undefined> {
    const inserted = await this.db
      .insertInto('webhook_deliveries')
      .values(row)
      .onConflict((oc) => oc.columns(['delivery_id', 'attempt']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted?.id;
  }

  /** One attempt of a delivery as logged; throws when it is not. */
  async getAttempt(deliveryId: string, attempt: number) {
    return whereKey(this.db, 'webhook_deliveries', { delivery_id: deliveryId, attempt })
      .select(['id', 'outcome'])
      .executeTakeFirstOrThrow();
  }

  /** Every attempt of a delivery, the last first. */
  async attemptsOf(deliveryId: string) {
    return whereKey(this.db, 'webhook_deliveries', { delivery_id: deliveryId })
      .selectAll()
      .orderBy('attempt', 'desc')
      .execute();
  }

  /** Marks the attempt as the one after which nothing more is tried, unless it already is. */
  async giveUp(id: string): Promise<void> {
    await updateByKey(this.db, 'webhook_deliveries', { id }, { gave_up_at: new Date(), next_attempt_at: null })
      .where('gave_up_at', 'is', null)
      .execute();
  }

  /** One log row by id (of one business when `merchantId` is given). */
  async find(id: string, merchantId?: string) {
    let query = this.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id);
    if (merchantId !== undefined) query = query.where('merchant_id', '=', merchantId);
    return query.executeTakeFirst();
  }

  /** A page cursor: the row's place in the log, if it is the business's in this mode. */
  async findCursor(id: string, merchantId: string, mode: Mode) {
    return whereKey(this.db, 'webhook_deliveries', { id, merchant_id: merchantId, mode })
      .select(['created_at', 'attempt', 'id'])
      .executeTakeFirst();
  }

  /** One page of the business's log in one mode, newest first (then attempt, then id). */
  async page(page: DeliveryLogPage) {
    let query = this.db
      .selectFrom('webhook_deliveries')
      .selectAll('webhook_deliveries')
      .where('webhook_deliveries.merchant_id', '=', page.merchantId)
      .where('webhook_deliveries.mode', '=', page.mode);
    if (page.type) query = query.where('webhook_deliveries.event_type', '=', page.type);
    if (page.outcome) query = query.where('webhook_deliveries.outcome', '=', page.outcome);
    const splitId = page.splitId;
    if (splitId) {
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('webhook_events')
            .select('webhook_events.id')
            .whereRef('webhook_events.id', '=', 'webhook_deliveries.event_id')
            .where(sql<boolean>`webhook_events.payload->>'split_id' = ${splitId}`),
        ),
      );
    }
    const cursor = page.cursor;
    if (cursor) {
      // The log's own order, so pages neither repeat nor skip rows.
      query = query.where(
        sql<boolean>`(webhook_deliveries.created_at, webhook_deliveries.attempt, webhook_deliveries.id) < (${cursor.created_at}, ${cursor.attempt}, ${cursor.id}::uuid)`,
      );
    }
    return query
      .orderBy('webhook_deliveries.created_at', 'desc')
      .orderBy('webhook_deliveries.attempt', 'desc')
      .orderBy('webhook_deliveries.id', 'desc')
      .limit(page.limit)
      .execute();
  }
}

/**
 * Every query of `webhook_settings` (one row per business and mode, written by the merchants service;
 * secrets sealed, opened in packages/events/src/webhook-settings.ts).
 */
export class WebhookSettingsRepository {
  constructor(private readonly db: Db) {}

  /** The stored row, secrets still sealed; undefined until one is saved. */
  async find(merchantId: string, mode: Mode) {
    return whereKey(this.db, 'webhook_settings', { merchant_id: merchantId, mode }).selectAll().executeTakeFirst();
  }

  /** Sets (or with null clears) the URL of one mode. */
  async saveUrl(merchantId: string, mode: Mode, url: string | null): Promise<void> {
    await this.db
      .insertInto('webhook_settings')
      .values({ merchant_id: merchantId, mode, url })
      .onConflict((oc) => oc.columns(['merchant_id', 'mode']).doUpdateSet({ url, updated_at: new Date() }))
      .execute();
  }

  /** Stores a new sealed secret, keeping the one it replaces as the previous secret. */
  async saveSecret(merchantId: string, mode: Mode, ciphertext: string, now: Date): Promise<void> {
    await this.db
      .insertInto('webhook_settings')
      .values({ merchant_id: merchantId, mode, secret_ciphertext: ciphertext, rotated_at: now })
      .onConflict((oc) =>
        oc.columns(['merchant_id', 'mode']).doUpdateSet((eb) => ({
          previous_secret_ciphertext: eb.ref('webhook_settings.secret_ciphertext'),
          secret_ciphertext: ciphertext,
          rotated_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}
