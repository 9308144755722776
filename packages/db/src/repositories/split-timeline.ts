import { sql } from 'kysely';
import type { Db } from '../types';
import { valueByKey, whereKey } from './query-helpers';

/** The participant templates of the e-mail log a split's timeline shows (docs/dashboard.md, "The order's timeline"). */
export const TIMELINE_EMAIL_TEMPLATES = [
  'splits.invitation',
  'splits.organiser_share',
  'splits.covered',
  'checkout.reminder',
  'checkout.open_seats',
  'checkout.order_canceled',
  'receipts.hold_placed',
  'receipts.charged',
  'receipts.refunded',
  'receipts.released',
  'organiser.everyone_paid',
  'organiser.one_left',
] as const;

/**
 * The reads behind an order's timeline (`GET /api/checkout-splits/:id/timeline`): every source the
 * timeline merges, each one indexed query, read only by checkout. The timeline itself (its kinds and
 * words) is made in checkout's route; here is only what happened and when.
 */
export class SplitTimelineRepository {
  constructor(private readonly db: Db) {}

  /** The split's history rows, oldest first (split_history_split). */
  history(splitId: string) {
    return this.db
      .selectFrom('split_history')
      .select(['id', 'participant_id', 'kind', 'from_status', 'to_status', 'actor', 'detail', 'created_at'])
      .where('split_id', '=', splitId)
      .orderBy('id')
      .execute();
  }

  /** The first view of each participant's pay page, by address (pay_page_views' key). */
  payPageViews(splitId: string) {
    return this.db
      .selectFrom('pay_page_views')
      .select(['participant_id', 'email', 'first_viewed_at'])
      .where('split_id', '=', splitId)
      .execute();
  }

  /** The remind calls of a hosted order's session: who asked, and how many were reminded or skipped. */
  remindCalls(sessionToken: string) {
    return this.db
      .selectFrom('checkout_remind_calls')
      .select(['actor', 'reminded', 'skipped', 'created_at'])
      .where('session_token', '=', sessionToken)
      .orderBy('id')
      .execute();
  }

  /**
   * The e-mail log's participant e-mails to these addresses from this business since the order was
   * made (the worker's `emails`, and checkout's own first attempts at invitations). The log has no
   * split column: an address with two open orders at one business sees both orders' e-mails (the
   * subject names the order, so the route keeps only those naming this order's reference).
   */
  async emails(input: { merchantId: string; recipients: string[]; since: Date }) {
    if (input.recipients.length === 0) return { logged: [], firstAttempts: [] };
    const recipients = input.recipients.map((r) => r.trim().toLowerCase());
    const [logged, firstAttempts] = await Promise.all([
      this.db
        .selectFrom('emails')
        .select(['id', 'recipient', 'template', 'subject', 'status', 'error', 'created_at', 'sent_at', 'updated_at'])
        .where(sql<string>`lower(recipient)`, 'in', recipients)
        .where('merchant_id', '=', input.merchantId)
        .where('template', 'in', [...TIMELINE_EMAIL_TEMPLATES])
        .where('created_at', '>=', input.since)
        .execute(),
      this.db
        .selectFrom('email_first_attempts')
        .select([
          'id',
          'recipient',
          sql<string>`request->>'template'`.as('template'),
          sql<string | null>`request->'data'->>'order_reference'`.as('order_reference'),
          'status',
          'error',
          'created_at',
          'updated_at',
        ])
        .where(sql<string>`lower(recipient)`, 'in', recipients)
        .where(sql<string>`request->>'merchantId'`, '=', input.merchantId)
        .where('created_at', '>=', input.since)
        .execute(),
    ]);
    return { logged, firstAttempts };
  }

  /** Whether these addresses asked to stop participant e-mails, and when (email_suppressions). */
  suppressions(recipients: string[]) {
    if (recipients.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('email_suppressions')
      .select([sql<string>`lower(email)`.as('email'), 'created_at'])
      .where(
        sql<string>`lower(email)`,
        'in',
        recipients.map((r) => r.trim().toLowerCase()),
      )
      .execute();
  }

  /** Audit rows about this split (support's actions record `split_id` in `before` and `after`). */
  audit(merchantId: string, splitId: string) {
    return this.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'actor_role', 'action', 'outcome', 'before', 'after', 'created_at'])
      .where('merchant_id', '=', merchantId)
      .where((eb) =>
        eb.or([eb(sql<string>`after->>'split_id'`, '=', splitId), eb(sql<string>`before->>'split_id'`, '=', splitId)]),
      )
      .orderBy('id')
      .execute();
  }

  /** What was ordered, for a hosted order: the session's line items, metadata and customer (the organiser). */
  session(sessionToken: string) {
    return whereKey(this.db, 'checkout_sessions', { token: sessionToken })
      .select(['line_items', 'metadata', 'customer_email', 'order_reference'])
      .executeTakeFirst();
  }

  /** The creating account's login address (the hosted order's buyer, who organised it). */
  async creatorEmail(userId: string): Promise<string | null> {
    return (await valueByKey(this.db, 'users', 'email', { id: userId })) ?? null;
  }
}
