import { isUuid } from '@groupsplit/core';
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { SplitRefundsTable } from '../schema/refunds';
import type { SplitParticipantsTable, SplitStatus, SplitsTable } from '../schema/splits';
import type { Database, Db } from '../types';
import { SplitSeatsRepository } from './split-seats';

export type SplitRow = Selectable<SplitsTable>;
/** Where a split stands in a business's list: created_at to the microsecond (ISO text) and its id. */
export type SplitListPosition = { createdAt: string; id: string };
/** What a page of the list is narrowed to; every part optional (docs/splits.md, "Listing"). */
export type SplitListFilter = {
  mode?: 'test' | 'live';
  statuses?: SplitStatus[];
  createdGte?: Date;
  createdLt?: Date;
  /** Part of an order reference, a participant's e-mail address or name; a split id or a session token. */
  q?: string;
  /** Also list splits still placing their holds (`creating`): the lists' `include=creating` opt-in. */
  includeCreating?: boolean;
};
/** How many, and from where: `after` walks to older splits, `before` to newer ones (at most one of them). */
export type SplitListPage = { limit: number; after?: SplitListPosition; before?: SplitListPosition };
export type SplitParticipantRow = Selectable<SplitParticipantsTable>;
export type SplitRefundRow = Selectable<SplitRefundsTable>;
type Mode = SplitRow['mode'];

/**
 * A split still placing its holds (`creating`) is shown nowhere: not listed, not found by id,
 * not reachable by its pay links, not refundable. Every read below starts from visibleSplits(),
 * so this is the one place that rule lives; the one exception is a list page asked for with
 * `include=creating` (SplitListFilter.includeCreating, pageQuery).
 */
const STILL_CREATING: SplitStatus = 'creating';

/** `%`, `_` and the escape character itself, taken literally in a LIKE pattern. */
const literalLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** From this many characters a search matches anywhere inside a reference, an address or a name (trigrams need three). */
export const SEARCH_PART_MIN = 3;

/**
 * The ids of this business's splits that `q` finds: each way of matching is its own indexed lookup,
 * put together with UNION, so no search reads the business's whole list. From SEARCH_PART_MIN
 * characters, any part of the order reference, of a participant's e-mail address or of their name,
 * ignoring case (the trigram indexes of 20261206083000_split_search_trigrams.sql); shorter, the order
 * reference's beginning and a whole e-mail address (20261127140200_split_list_indexes.sql). Always the
 * session token, and the split id when q is a UUID. Participants' matches are narrowed to the business
 * by the outer query.
 */
function matchingSplitIds(eb: ExpressionBuilder<Database, 'splits'>, merchantId: string, term: string) {
  const lower = term.toLowerCase();
  const part = lower.length >= SEARCH_PART_MIN;
  const pattern = part ? `%${literalLike(lower)}%` : `${literalLike(lower)}%`;
  let ids = eb
    .selectFrom('splits as by_reference')
    .select('by_reference.id')
    .where('by_reference.merchant_id', '=', merchantId)
    .where(sql<string>`lower(by_reference.order_reference)`, 'like', pattern)
    .union(
      part
        ? eb
            .selectFrom('split_participants as by_email')
            .select('by_email.split_id as id')
            .where(sql<string>`lower(by_email.email)`, 'like', pattern)
        : eb
            .selectFrom('split_participants as by_email')
            .select('by_email.split_id as id')
            .where(sql<string>`lower(by_email.email)`, '=', lower),
    )
    .union(eb.selectFrom('splits as by_session').select('by_session.id').where('by_session.session_token', '=', term));
  if (part) {
    ids = ids.union(
      eb
        .selectFrom('split_participants as by_name')
        .select('by_name.split_id as id')
        .where(sql<string>`lower(by_name.name)`, 'like', pattern),
    );
  }
  if (isUuid(term)) {
    ids = ids.union(eb.selectFrom('splits as by_id').select('by_id.id').where('by_id.id', '=', lower));
  }
  return ids;
}

/**
 * The merchant accept step as readers show it (docs/splits.md, "Merchant accept"): undefined for a
 * split that does not use it (the field is left out), else whether it waits for the merchant now.
 * The column keeps its last value once the split leaves `pending`, so only a pending split waits.
 */
export function awaitingMerchant(split: Pick<SplitRow, 'awaiting_merchant' | 'status'>): boolean | undefined {
  if (split.awaiting_merchant === null) return undefined;
  return split.awaiting_merchant && split.status === 'pending';
}

/**
 * Typed queries over `splits`, `split_participants` and `split_refunds`. The tables are written
 * by the worker (the split workflow's activities); readers go through here rather than inline.
 * Pass a transaction as `db` to read inside it.
 */
export class SplitsRepository {
  constructor(private readonly db: Db) {}

  private visibleSplits() {
    return this.db.selectFrom('splits').where('splits.status', '!=', STILL_CREATING);
  }

  /** A visible split by id. */
  findVisible(splitId: string): Promise<SplitRow | undefined> {
    return this.visibleSplits().selectAll('splits').where('splits.id', '=', splitId).executeTakeFirst();
  }

  /** A visible split by id, only if it belongs to this business and mode (an API key's view). */
  findForMerchant(splitId: string, scope: { merchantId: string; mode: Mode }): Promise<SplitRow | undefined> {
    return this.visibleSplits()
      .selectAll('splits')
      .where('splits.id', '=', splitId)
      .where('splits.merchant_id', '=', scope.merchantId)
      .where('splits.mode', '=', scope.mode)
      .executeTakeFirst();
  }

  /** Where a visible split is now (null when there is none): for answers after a workflow call. */
  async statusOf(splitId: string): Promise<SplitStatus | null> {
    const row = await this.visibleSplits().select('splits.status').where('splits.id', '=', splitId).executeTakeFirst();
    return row?.status ?? null;
  }

  /** A business's splits, newest first; every mode unless one is given. */
  listForMerchant(merchantId: string, options: { mode?: Mode } = {}): Promise<SplitRow[]> {
    let query = this.visibleSplits().selectAll('splits').where('splits.merchant_id', '=', merchantId);
    if (options.mode) query = query.where('splits.mode', '=', options.mode);
    return query.orderBy('splits.created_at', 'desc').orderBy('splits.id', 'desc').execute();
  }

  /**
   * One page of a business's splits, newest first, walked on (created_at, id): `after` gives the
   * splits older than that position, `before` the ones newer (read oldest first, then turned round, so
   * the page is still newest first). `hasMore` says whether more lie past the page in the direction
   * walked. Each row carries its position (`position_at`: created_at to the microsecond, as text), for
   * the cursor. Every filter is served by an index (20261127140200_split_list_indexes.sql).
   */
  async pageForMerchant(
    merchantId: string,
    filter: SplitListFilter,
    page: SplitListPage,
  ): Promise<{ rows: (SplitRow & { position_at: string })[]; hasMore: boolean }> {
    const rows = await this.pageQuery(merchantId, filter, page).execute();
    const hasMore = rows.length > page.limit;
    const shown = rows.slice(0, page.limit);
    if (page.before) shown.reverse();
    return { rows: shown, hasMore };
  }

  /** The statement pageForMerchant runs (one row more than the page, to tell `hasMore`); compiled by the plan test. */
  pageQuery(merchantId: string, filter: SplitListFilter, page: SplitListPage) {
    // The one read that may show a split still placing its holds, and only when asked to.
    let query = (filter.includeCreating ? this.db.selectFrom('splits') : this.visibleSplits())
      .selectAll('splits')
      .select(
        sql<string>`to_char(splits.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('position_at'),
      )
      .where('splits.merchant_id', '=', merchantId);
    if (filter.mode) query = query.where('splits.mode', '=', filter.mode);
    if (filter.statuses?.length) query = query.where('splits.status', 'in', filter.statuses);
    if (filter.createdGte) query = query.where('splits.created_at', '>=', filter.createdGte);
    if (filter.createdLt) query = query.where('splits.created_at', '<', filter.createdLt);
    const term = filter.q?.trim();
    if (term) query = query.where('splits.id', 'in', (eb) => matchingSplitIds(eb, merchantId, term));
    // The row comparison is the rule; the plain bound on created_at beside it lets any planner start the
    // index range at the cursor rather than filter the business's list up to it.
    const { after, before } = page;
    if (after) {
      query = query
        .where(sql<boolean>`splits.created_at <= ${after.createdAt}::timestamptz`)
        .where(sql<boolean>`(splits.created_at, splits.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
    }
    if (before) {
      query = query
        .where(sql<boolean>`splits.created_at >= ${before.createdAt}::timestamptz`)
        .where(sql<boolean>`(splits.created_at, splits.id) > (${before.createdAt}::timestamptz, ${before.id}::uuid)`);
    }
    const direction = page.before ? 'asc' : 'desc';
    return query
      .orderBy('splits.created_at', direction)
      .orderBy('splits.id', direction)
      .limit(page.limit + 1);
  }

  /** Splits a login created or takes part in (participant user id, or e-mail ignoring case), newest first. */
  listMine(login: { userId: string; email: string }): Promise<SplitRow[]> {
    const email = login.email.trim().toLowerCase();
    return this.visibleSplits()
      .selectAll('splits')
      .where((eb) =>
        eb.or([
          eb('splits.created_by', '=', login.userId),
          eb(
            'splits.id',
            'in',
            eb
              .selectFrom('split_participants')
              .select('split_id')
              .where((p) => p.or([p('user_id', '=', login.userId), p(sql<string>`lower(email)`, '=', email)])),
          ),
        ]),
      )
      .orderBy('splits.created_at', 'desc')
      .orderBy('splits.id', 'desc')
      .execute();
  }

  /**
   * The hosted-checkout session's split: the newest visible one made from it. A failed creation
   * does not count (the buyer may try again).
   */
  findForSession(sessionToken: string): Promise<SplitRow | undefined> {
    return this.visibleSplits()
      .selectAll('splits')
      .where('splits.session_token', '=', sessionToken)
      .where('splits.status', '!=', 'creation_failed')
      .orderBy('splits.created_at', 'desc')
      .executeTakeFirst();
  }

  /** The split with its business's name (for e-mails about it), visible or not. */
  findWithBusinessName(splitId: string) {
    return this.db
      .selectFrom('splits')
      .innerJoin('merchants', 'merchants.id', 'splits.merchant_id')
      .select(['splits.id', 'splits.order_reference', 'splits.merchant_id', 'merchants.name as business_name'])
      .where('splits.id', '=', splitId)
      .executeTakeFirst();
  }

  private withBusinessName() {
    return this.db
      .selectFrom('splits')
      .innerJoin('merchants', 'merchants.id', 'splits.merchant_id')
      .selectAll('splits')
      .select(['merchants.name as business_name', 'merchants.business_email']);
  }

  /** A hosted-checkout session's newest split that was created (for reminders), with its business's name. */
  latestOfSessionWithBusinessName(sessionToken: string) {
    return this.withBusinessName()
      .where('splits.session_token', '=', sessionToken)
      .where('splits.status', 'not in', ['creating', 'creation_failed'])
      .orderBy('splits.created_at', 'desc')
      .executeTakeFirst();
  }

  /**
   * Pending splits whose holds run out within the window, soonest first, with their business's name: at
   * `authorization_expires_at`, or at a hold's `capture_before` when sooner (docs/splits.md, "Holds that lapse sooner").
   * `merchantId`: one business's splits only.
   */
  pendingExpiringWithBusinessName(window: { from: Date; to: Date }, limit: number, merchantId?: string) {
    const runsOut = sql<Date>`least(splits.authorization_expires_at, (select min(p.capture_before) from split_participants p where p.split_id = splits.id))`;
    let query = this.withBusinessName();
    if (merchantId) query = query.where('splits.merchant_id', '=', merchantId);
    return query
      .where('splits.status', '=', 'pending')
      .where(runsOut, '>', window.from)
      .where(runsOut, '<=', window.to)
      .orderBy(runsOut)
      .limit(limit)
      .execute();
  }

  /** A split's participants still `pending`, in the order they were given. */
  pendingParticipantsOf(splitId: string): Promise<SplitParticipantRow[]> {
    return this.db
      .selectFrom('split_participants')
      .selectAll()
      .where('split_id', '=', splitId)
      .where('status', '=', 'pending')
      .orderBy('position')
      .execute();
  }

  /**
   * Why a canceled split ended: `expired` when its holds lapsed (the expiry), `canceled` for a
   * cancel or support; null when it was never canceled. Read from the status row of its history.
   */
  async cancelReason(splitId: string): Promise<'canceled' | 'expired' | null> {
    const row = await this.db
      .selectFrom('split_history')
      .select('detail')
      .where('split_id', '=', splitId)
      .where('kind', '=', 'status')
      .where('to_status', '=', 'canceled')
      .executeTakeFirst();
    if (!row) return null;
    return row.detail?.reason === 'expired' ? 'expired' : 'canceled';
  }

  /** A split's open seats and the seats taken (docs/splits.md, "Open seats"); empty for a split without seats. */
  seatsOf(splitId: string) {
    return new SplitSeatsRepository(this.db).seatsOf(splitId);
  }

  /** One split's participants, in the order they were given. */
  participantsOf(splitId: string): Promise<SplitParticipantRow[]> {
    return this.db
      .selectFrom('split_participants')
      .selectAll()
      .where('split_id', '=', splitId)
      .orderBy('position')
      .execute();
  }

  /** Several splits' participants, by split id, each list in the order given. */
  async participantsBySplit(splitIds: string[]): Promise<Map<string, SplitParticipantRow[]>> {
    const bySplit = new Map<string, SplitParticipantRow[]>();
    if (splitIds.length === 0) return bySplit;
    const rows = await this.db
      .selectFrom('split_participants')
      .selectAll()
      .where('split_id', 'in', splitIds)
      .orderBy('split_id')
      .orderBy('position')
      .execute();
    for (const row of rows) bySplit.set(row.split_id, [...(bySplit.get(row.split_id) ?? []), row]);
    return bySplit;
  }

  /** The sign-in addresses of the logins that created splits (`created_by`), by user id. */
  async creatorEmails(userIds: (string | null)[]): Promise<Map<string, string>> {
    const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('users').select(['id', 'email']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.email]));
  }

  /** A participant's status now. */
  async participantStatus(participantId: string) {
    const row = await this.db
      .selectFrom('split_participants')
      .select('status')
      .where('id', '=', participantId)
      .executeTakeFirstOrThrow();
    return row.status;
  }

  /** One participant's share, found by their pay token, with what the pay step shows of the split and business. */
  findShareByPayToken(payToken: string) {
    return this.visibleSplits()
      .innerJoin('split_participants as p', 'p.split_id', 'splits.id')
      .innerJoin('merchants as m', 'm.id', 'splits.merchant_id')
      .select([
        'p.id as participant_id',
        'p.email',
        'p.amount',
        'p.customer_fee',
        'p.status',
        'p.processor_payment_intent_id',
        'p.processor_client_secret',
        'splits.id as split_id',
        'splits.status as split_status',
        'splits.mode',
        'splits.currency',
        'splits.order_reference',
        'splits.processor_account_id',
        'splits.authorization_expires_at',
        'm.name as business_name',
      ])
      .where('p.pay_token', '=', payToken)
      .executeTakeFirst();
  }

  /**
   * Our participant for a processor payment intent (events are matched on our own record, not
   * on their metadata); with a mode, only a split of that mode.
   */
  findParticipantByPaymentIntent(paymentIntentId: string, options: { mode?: Mode } = {}) {
    let query = this.db
      .selectFrom('split_participants as p')
      .innerJoin('splits', 'splits.id', 'p.split_id')
      .select(['p.id', 'p.split_id', 'p.status', 'splits.processor_account_id'])
      .where('p.processor_payment_intent_id', '=', paymentIntentId);
    if (options.mode) query = query.where('splits.mode', '=', options.mode);
    return query.executeTakeFirst();
  }

  findRefund(refundId: string): Promise<SplitRefundRow | undefined> {
    return this.db.selectFrom('split_refunds').selectAll().where('id', '=', refundId).executeTakeFirst();
  }

  /** A refund with this idempotency key for the business and mode, if any. */
  findRefundByKey(scope: { merchantId: string; mode: Mode }, idempotencyKey: string) {
    return this.db
      .selectFrom('split_refunds')
      .selectAll()
      .where('merchant_id', '=', scope.merchantId)
      .where('mode', '=', scope.mode)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
  }

  /** Every refund of a split however made, oldest first (the history fields). */
  refundHistory(splitId: string) {
    return this.db
      .selectFrom('split_refunds')
      .select(['id', 'amount', 'refunded', 'status', 'reason', 'actor', 'created_at'])
      .where('split_id', '=', splitId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }
}
