import {
  CompiledQuery,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type SqlBool,
  sql,
  type UpdateObject,
} from 'kysely';
import { preparedStatement } from '../prepared-statements';
import type { CheckoutSessionsTable } from '../schema/checkout';
import type { Database, Db } from '../types';
import { forgetStaleIdempotencyKey, type IdempotencyKeyScope, idempotencyKeyColumns, whereKey } from './query-helpers';

export type { IdempotencyKeyScope } from './query-helpers';

/** The columns the create routes set (jsonb columns as JSON text; `api_key_id` null for the dashboard's sample session); the rest are the table's defaults. */
export type CheckoutSessionInsert = Required<
  Pick<
    Insertable<CheckoutSessionsTable>,
    | 'token'
    | 'merchant_id'
    | 'mode'
    | 'amount'
    | 'currency'
    | 'order_reference'
    | 'return_url'
    | 'cancel_url'
    | 'customer_email'
    | 'customer_name'
    | 'metadata'
    | 'line_items'
    | 'expires_at'
  >
> & { api_key_id: string | null } & Pick<Insertable<CheckoutSessionsTable>, 'capture'>;

/** The merchant fields the create route checks a session against. */
export type CheckoutSessionMerchant = {
  allowed_domain: string | null;
  test_allowed_domain: string | null;
  processor_charges_enabled: boolean;
};

// One statement: read the merchant, and insert the session only if the merchant allows it.
// The WHERE is never looser than the route's own checks (matchesAllowedDomain, charges for
// live), which run on the returned merchant fields afterwards. The domain is the mode's: a test
// session's is test_allowed_domain when set, else allowed_domain (returnDomainFor). A plain ASCII domain
// whose lower case is the host, with or without one trailing dot, is exactly what they accept
// for a host without a trailing dot. Anything else (padding, non-ASCII) inserts nothing here and
// falls back to the route's checks and a plain INSERT.
// Prepared (packages/db/src/prepared-statements.ts): parsing and planning it cost Postgres more than running it.
const INSERT_IF_ALLOWED = preparedStatement(
  'checkout_session_insert_if_allowed_by_mode',
  `
WITH merchant AS (
  SELECT allowed_domain, test_allowed_domain, processor_charges_enabled,
    CASE WHEN $3::text = 'test' THEN coalesce(test_allowed_domain, allowed_domain) ELSE allowed_domain END AS domain
  FROM merchants WHERE id = $2::uuid
),
inserted AS (
  INSERT INTO checkout_sessions (token, merchant_id, mode, api_key_id, amount, currency, order_reference,
    return_url, cancel_url, customer_email, customer_name, metadata, line_items, expires_at)
  SELECT $1::text, $2::uuid, $3::text, $4::uuid, $5::bigint, $6::text, $7::text,
    $8::text, $9::text, $10::text, $11::text, $12::jsonb, $13::jsonb, $14::timestamptz
  FROM merchant
  WHERE merchant.domain ~ '^[A-Za-z0-9.-]+$'
    AND lower(merchant.domain) IN ($15::text, $15::text || '.')
    AND ($16::text IS NULL OR lower(merchant.domain) IN ($16::text, $16::text || '.'))
    AND ($3::text = 'test' OR merchant.processor_charges_enabled)
  RETURNING 1
)
SELECT merchant.allowed_domain, merchant.test_allowed_domain, merchant.processor_charges_enabled,
  EXISTS (SELECT 1 FROM inserted) AS inserted
FROM merchant`,
);

/**
 * A session whose expiry the worker has not recorded (`checkout_session_expiries`): a buyer may
 * still claim it, and the expiry sweep has still to expire it. Both ask through this one condition,
 * so a session is never both claimed and expired.
 */
export const expiryNotRecorded = ({ not, exists, selectFrom }: ExpressionBuilder<Database, 'checkout_sessions'>) =>
  not(
    exists(
      selectFrom('checkout_session_expiries')
        .select('session_token')
        .whereRef('checkout_session_expiries.session_token', '=', 'checkout_sessions.token'),
    ),
  );

/** A claim the expiry job found abandoned (no split workflow), as it saw it: the stamp it must still have. */
export type AbandonedClaim = { token: string; claimedAt: Date };

/**
 * Every query of `checkout_sessions`, `checkout_images` and `checkout_idempotency_keys` (written by checkout; the worker's expiry sweep and reminders
 * read and lock it). The create route's insert reads the business (`merchants`) in the same statement.
 * Code that runs inside a transaction passes the transaction as `db`.
 */
export class CheckoutSessionsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Inserts `row` if its merchant's return domain for the row's mode and charges allow it, and returns the merchant
   * either way (undefined if there is none), in one round trip. `hosts` are the return and cancel
   * URLs' hostnames as the route compares them (lower case, no trailing dot).
   */
  async insertIfAllowed(
    row: CheckoutSessionInsert,
    hosts: { returnHost: string; cancelHost: string | null },
  ): Promise<{ merchant: CheckoutSessionMerchant; inserted: boolean } | undefined> {
    const query = CompiledQuery.raw(INSERT_IF_ALLOWED, [
      row.token,
      row.merchant_id,
      row.mode,
      row.api_key_id,
      row.amount,
      row.currency,
      row.order_reference,
      row.return_url,
      row.cancel_url,
      row.customer_email,
      row.customer_name,
      row.metadata,
      row.line_items,
      row.expires_at,
      hosts.returnHost,
      hosts.cancelHost,
    ]);
    const found = (await this.db.executeQuery<CheckoutSessionMerchant & { inserted: boolean }>(query)).rows[0];
    if (!found) return undefined;
    const { inserted, ...merchant } = found;
    return { merchant, inserted };
  }

  /**
   * Claimed sessions past their lifetime with no split row and a claim older than `graceMs`: the
   * candidates for an abandoned claim, which the expiry job then checks against Temporal
   * (activities/src/sessions/expiry.ts), oldest first.
   */
  staleClaimsWithoutSplit(graceMs: number, limit: number) {
    return this.db
      .selectFrom('checkout_sessions')
      .select(['token', 'split_claim_id', 'split_claimed_at'])
      .where('split_claimed_by', 'is not', null)
      .where('split_id', 'is', null)
      .where('expires_at', '<=', sql<Date>`now()`)
      .where('split_claimed_at', '<=', sql<Date>`now() - make_interval(secs => ${graceMs / 1000})`)
      .where(expiryNotRecorded)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('splits').select('id').whereRef('splits.session_token', '=', 'checkout_sessions.token'))),
      )
      .orderBy('expires_at')
      .limit(limit)
      .execute();
  }
  /** The whole row of the session `token`, or undefined. */
  findByToken(token: string) {
    return this.db.selectFrom('checkout_sessions').selectAll().where('token', '=', token).executeTakeFirst();
  }

  /** The order's lines of the session `token` (undefined when there is no such session). */
  lineItems(token: string) {
    return this.db.selectFrom('checkout_sessions').select('line_items').where('token', '=', token).executeTakeFirst();
  }

  /**
   * Locks the session `token` (FOR UPDATE) until the caller's transaction ends, so remind calls on one
   * session run one at a time; undefined when there is no such session. Only inside a transaction.
   */
  lockForReminders(token: string) {
    return this.db
      .selectFrom('checkout_sessions')
      .select('token')
      .where('token', '=', token)
      .forUpdate()
      .executeTakeFirst();
  }

  /**
   * The sessions the expiry sweep expires now, locked (FOR UPDATE SKIP LOCKED, so a buyer's claim that
   * holds the row wins without waiting), oldest first: past their lifetime with no split and no expiry
   * recorded, and either unclaimed or still the claim found abandoned (a take-up since re-stamped it).
   * Only inside a transaction.
   */
  lockDueForExpiry(abandoned: AbandonedClaim[], limit: number) {
    return this.db
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('split_id', 'is', null)
      .where('expires_at', '<=', sql<Date>`now()`)
      .where((eb) =>
        eb.or([
          eb('split_claimed_by', 'is', null),
          // (A JavaScript Date has milliseconds; the column has microseconds.)
          ...abandoned.map((claim) =>
            eb.and([
              eb('token', '=', claim.token),
              eb(sql<Date>`date_trunc('milliseconds', split_claimed_at)`, '=', claim.claimedAt),
            ]),
          ),
        ]),
      )
      .where(expiryNotRecorded)
      .orderBy('expires_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  }

  /** A plain INSERT of one session (the create route when it cannot use insertIfAllowed, the dashboard's sample). */
  async insert(row: Insertable<CheckoutSessionsTable>): Promise<void> {
    await this.db.insertInto('checkout_sessions').values(row).execute();
  }

  /** Deletes the session `token` (the create route taking back a row insertIfAllowed wrote but its checks refuse). */
  async deleteByToken(token: string): Promise<void> {
    await this.db.deleteFrom('checkout_sessions').where('token', '=', token).execute();
  }

  /** Claims the session for a new split `splitId` by `buyerId` if it is open and unclaimed; whether it did. */
  claim(token: string, buyerId: string, splitId: string): Promise<boolean> {
    return this.stampIfOpen(
      token,
      { split_claimed_by: buyerId, split_claim_id: splitId, split_claimed_at: sql<Date>`now()` },
      (eb) => eb('split_claimed_by', 'is', null),
    );
  }

  /** Stamps the claim `splitId` anew (taking up an orphaned claim) if the session is open and has no split yet; whether it did. */
  restampClaim(token: string, splitId: string): Promise<boolean> {
    return this.stampIfOpen(token, { split_claimed_at: sql<Date>`now()` }, (eb) =>
      eb.and([eb('split_claim_id', '=', splitId), eb('split_id', 'is', null)]),
    );
  }

  /** Gives the session back (clears the claim) if it is still the claim `splitId` and no split was recorded. */
  async releaseClaim(token: string, splitId: string): Promise<void> {
    await this.db
      .updateTable('checkout_sessions')
      .set({ split_claimed_by: null, split_claim_id: null, split_claimed_at: null })
      .where('token', '=', token)
      .where('split_claim_id', '=', splitId)
      .where('split_id', 'is', null)
      .execute();
  }

  /** Records the split the buyer's choice created. */
  async recordSplit(token: string, splitId: string): Promise<void> {
    await this.db.updateTable('checkout_sessions').set({ split_id: splitId }).where('token', '=', token).execute();
  }

  /** Stores one line item's image, fetched at creation, for the session `sessionToken`. */
  async insertImage(image: { id: string; sessionToken: string; contentType: string; bytes: Buffer }): Promise<void> {
    await this.db
      .insertInto('checkout_images')
      .values({ id: image.id, session_token: image.sessionToken, content_type: image.contentType, bytes: image.bytes })
      .execute();
  }

  /** The stored image `id` (its type and bytes), or undefined. */
  image(id: string) {
    return this.db
      .selectFrom('checkout_images')
      .select(['content_type', 'bytes'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * The request hash and session of the create route's Idempotency-Key `scope.key` (per business and
   * mode) if it was used less than `rememberedHours` ago, or undefined.
   */
  liveIdempotencyKey(scope: IdempotencyKeyScope, rememberedHours: number) {
    return whereKey(this.db, 'checkout_idempotency_keys', idempotencyKeyColumns(scope))
      .select(['request_hash', 'session_token'])
      .where('created_at', '>', sql<Date>`now() - make_interval(hours => ${rememberedHours})`)
      .executeTakeFirst();
  }

  /**
   * Claims the Idempotency-Key `scope.key` for the session `sessionToken`, forgetting first a use of it
   * `rememberedHours` or more ago; false when a live use holds it. Inside the creating transaction: a
   * concurrent request with the same key waits on the primary key until this one commits, then finds it taken.
   */
  async claimIdempotencyKey(
    scope: IdempotencyKeyScope,
    requestHash: string,
    sessionToken: string,
    rememberedHours: number,
  ): Promise<boolean> {
    await forgetStaleIdempotencyKey(this.db, 'checkout_idempotency_keys', scope, rememberedHours);
    const claimed = await this.db
      .insertInto('checkout_idempotency_keys')
      .values({ ...idempotencyKeyColumns(scope), request_hash: requestHash, session_token: sessionToken })
      .onConflict((oc) => oc.columns(['merchant_id', 'mode', 'idempotency_key']).doNothing())
      .returning('session_token')
      .executeTakeFirst();
    return Boolean(claimed);
  }

  /**
   * The one condition a claim and its take-up share: writes `stamp` only while the session is open
   * (not past its lifetime, no expiry recorded) and `claimable` holds; whether it wrote.
   */
  private async stampIfOpen(
    token: string,
    stamp: UpdateObject<Database, 'checkout_sessions'>,
    claimable: (eb: ExpressionBuilder<Database, 'checkout_sessions'>) => Expression<SqlBool>,
  ): Promise<boolean> {
    const stamped = await this.db
      .updateTable('checkout_sessions')
      .set(stamp)
      .where('token', '=', token)
      .where(claimable)
      .where('expires_at', '>', sql<Date>`now()`)
      .where(expiryNotRecorded)
      .returning('token')
      .executeTakeFirst();
    return Boolean(stamped);
  }
}
