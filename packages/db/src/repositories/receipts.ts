import { sql } from 'kysely';
import type { Db } from '../types';

/** The split events that make receipts (docs/emails.md). */
export const RECEIPT_EVENT_TYPES = [
  'checkout_split.participant_authorised',
  'checkout_split.paid',
  'checkout_split.canceled',
  'checkout_split.refunded',
] as const;

const ORGANISER_NOTICE_INTERVAL_MS = 12 * 3_600_000;

/**
 * What receipts are made from: outbox events not yet receipted, the split and its business, and
 * the claims that keep each e-mail to once. Written tables (`webhook_events.receipts_at`,
 * `organiser_notices`) are the worker's.
 */
export class ReceiptsRepository {
  constructor(private readonly db: Db) {}

  /** Events whose receipts were not handed over yet: these ids, or any older than `olderThan` (the sweep). */
  pendingEvents(filter: { ids: readonly string[] } | { olderThan: Date; limit: number }) {
    let query = this.db
      .selectFrom('webhook_events')
      .select(['id', 'type', 'payload', 'merchant_id', 'mode', 'created_at'])
      .where('receipts_at', 'is', null)
      .where('sample', '=', false)
      .where('type', 'in', RECEIPT_EVENT_TYPES);
    if ('ids' in filter) {
      if (filter.ids.length === 0) return Promise.resolve([]);
      query = query.where('id', 'in', filter.ids);
    } else {
      query = query.where('created_at', '<=', filter.olderThan).orderBy('created_at').limit(filter.limit);
    }
    return query.execute();
  }

  markReceipted(eventId: string) {
    return this.db.updateTable('webhook_events').set({ receipts_at: new Date() }).where('id', '=', eventId).execute();
  }

  /** The split as receipts show it: its business, the hosted order's lines, and the organiser's address. */
  split(splitId: string) {
    return this.db
      .selectFrom('splits')
      .innerJoin('merchants', 'merchants.id', 'splits.merchant_id')
      .leftJoin('checkout_sessions', 'checkout_sessions.token', 'splits.session_token')
      .leftJoin('users', 'users.id', 'splits.created_by')
      .select([
        'splits.id',
        'splits.mode',
        'splits.order_reference',
        'splits.total_amount',
        'splits.session_token',
        'splits.processor_account_id',
        'splits.authorization_expires_at',
        'splits.awaiting_merchant',
        'splits.created_by',
        'splits.session_context',
        'merchants.name as business_name',
        'merchants.business_email',
        'checkout_sessions.line_items',
        'users.email as organiser_email',
      ])
      .where('splits.id', '=', splitId)
      .executeTakeFirst();
  }

  participants(splitId: string) {
    return this.db
      .selectFrom('split_participants')
      .select([
        'id',
        'email',
        'name',
        'pay_token',
        'amount',
        'customer_fee',
        'status',
        'processor_payment_intent_id',
        'authorised_at',
        'captured_at',
      ])
      .where('split_id', '=', splitId)
      .orderBy('position')
      .execute();
  }

  /** Who moved the split to `canceled` (`api_key:<id>`, `user:<id>`, `system`…). */
  async cancelActor(splitId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('split_history')
      .select('actor')
      .where('split_id', '=', splitId)
      .where('to_status', '=', 'canceled')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row?.actor ?? null;
  }

  /** A refund's slices that reached the card. */
  refundedSlices(refundId: string) {
    return this.db
      .selectFrom('split_refund_slices')
      .select(['participant_id', 'amount', 'customer_fee'])
      .where('refund_id', '=', refundId)
      .where('status', '=', 'succeeded')
      .execute();
  }

  /**
   * Takes the organiser's 12-hour slot for this kind of notice on this split: one conditional upsert,
   * so two notices racing send one. False when one went to them less than 12 hours ago.
   */
  async claimOrganiserNotice(notice: { splitId: string; recipient: string; kind: string }, now = new Date()) {
    const row = await this.db
      .insertInto('organiser_notices')
      .values({
        split_id: notice.splitId,
        recipient: notice.recipient.toLowerCase(),
        kind: notice.kind,
        last_sent_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['split_id', 'recipient', 'kind'])
          .doUpdateSet({ last_sent_at: now })
          .where(
            'organiser_notices.last_sent_at',
            '<=',
            sql<Date>`${new Date(now.getTime() - ORGANISER_NOTICE_INTERVAL_MS)}`,
          ),
      )
      .returning('split_id')
      .executeTakeFirst();
    return row !== undefined;
  }
}
