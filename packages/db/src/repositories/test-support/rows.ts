import { randomBytes, randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { CheckoutSessionsTable } from '../../schema/checkout';
import type { MembershipsTable, MerchantsTable } from '../../schema/identity';
import type { SplitRefundSlicesTable, SplitRefundsTable } from '../../schema/refunds';
import type { SplitHistoryTable, SplitParticipantsTable, SplitSeatsTable, SplitsTable } from '../../schema/splits';
import type { WebhookDeliveriesTable, WebhookEventsTable } from '../../schema/webhooks';
import type { Db } from '../../types';

/**
 * Rows the repositories' database-only tests stand on, inserted directly (no services, no repository
 * under test): a business, a person, a membership, a checkout session, a split with participants, open
 * seats, history rows, an outbox event and a refund with its slices. Each call makes fresh rows with
 * random ids, so test files sharing the run's migrated database never see each other's. Every factory
 * takes overrides of the row's columns; what a test asserts on, it should set itself.
 */

export async function insertMerchant(db: Db, overrides: Partial<Insertable<MerchantsTable>> = {}): Promise<string> {
  const merchant = await db
    .insertInto('merchants')
    .values({
      name: `Repository test ${randomUUID().slice(0, 8)}`,
      legal_name: 'Shop Ltd',
      business_type: 'sole_trader',
      business_address: '1 High Street, London, N1 1AA',
      business_email: 'hello@shop.example',
      business_phone: '+44 20 7946 0000',
      verification_status: 'verified',
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return merchant.id;
}

export async function insertUser(
  db: Db,
  email = `person-${randomUUID()}@example.com`,
  name: string | null = 'Pat Person',
): Promise<string> {
  const user = await db.insertInto('users').values({ email, name }).returning('id').executeTakeFirstOrThrow();
  return user.id;
}

/** A login's membership of a business; its id. `joined_at` defaults to now. */
export async function insertMembership(
  db: Db,
  merchantId: string,
  userId: string,
  role: MembershipsTable['role'] = 'member',
  joinedAt?: Date,
): Promise<string> {
  const row = await db
    .insertInto('memberships')
    .values({ merchant_id: merchantId, user_id: userId, role, ...(joinedAt ? { joined_at: joinedAt } : {}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A hosted-checkout session of £60 that expires in an hour; its token. */
export async function insertSession(
  db: Db,
  merchantId: string,
  overrides: Partial<Insertable<CheckoutSessionsTable>> = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('checkout_sessions')
    .values({
      token,
      merchant_id: merchantId,
      mode: 'test',
      api_key_id: null,
      amount: 6000,
      order_reference: 'ORDER-1',
      return_url: 'https://shop.example/done',
      cancel_url: null,
      customer_email: null,
      customer_name: null,
      metadata: null,
      line_items: JSON.stringify([{ description: 'Dinner', amount: 6000, quantity: 1 }]),
      expires_at: new Date(Date.now() + 3600_000),
      ...overrides,
    })
    .execute();
  return token;
}

/**
 * Ids a factory made, in order. Typed so a test may name the first four without a check for each
 * (`const [first, second] = participantIds`); the factory makes exactly as many as asked.
 */
export type Ids = [string, string, string, string, ...string[]];
const asIds = (ids: string[]) => ids as Ids;

export type SplitOptions = {
  /** How many shares of £20 (default 2). */
  participants?: number;
  /** Columns of the split's row. */
  split?: Partial<Insertable<SplitsTable>>;
  /** Columns of each participant's row, by position. */
  participant?: (position: number) => Partial<Insertable<SplitParticipantsTable>>;
};

/** A split's row, as insertSplit writes it (pending, test mode, £20 a share); for a repository that inserts one itself. */
export function splitRow(
  merchantId: string,
  overrides: Partial<Insertable<SplitsTable>> = {},
): Insertable<SplitsTable> {
  const now = new Date();
  return {
    id: randomUUID(),
    merchant_id: merchantId,
    mode: 'test',
    created_by: null,
    order_reference: 'ORDER-1',
    currency: 'gbp',
    status: 'pending',
    total_amount: 4000,
    customer_fee_total: 0,
    merchant_fee_total: 0,
    application_fee_total: 0,
    merchant_fee_bps: 0,
    processor_account_id: 'acct_test',
    // A real split's 7 days: a row expiring sooner is one the daily reminders of other test files would pick up.
    authorization_expires_at: new Date(now.getTime() + 7 * 24 * 3600_000),
    disputed_at: null,
    session_token: null,
    session_context: null,
    failure_reason: null,
    group_token: null,
    created_at: now,
    ...overrides,
  };
}

/** A participant's row of £20, pending, with a fresh address and pay token. */
export function participantRow(
  splitId: string,
  position: number,
  overrides: Partial<Insertable<SplitParticipantsTable>> = {},
): Insertable<SplitParticipantsTable> {
  return {
    id: randomUUID(),
    split_id: splitId,
    position,
    user_id: null,
    email: `payer-${position}-${randomUUID()}@example.com`,
    amount: 2000,
    customer_fee: 0,
    merchant_fee: 0,
    status: 'pending',
    processor_payment_intent_id: null,
    processor_client_secret: null,
    pay_token: randomBytes(24).toString('base64url'),
    capture_before: null,
    disputed_at: null,
    authorised_at: null,
    captured_at: null,
    last_error: null,
    created_at: new Date(),
    ...overrides,
  };
}

/**
 * A pending split of `participants` shares of £20 (or as `options` say); the participants' ids in
 * position order.
 */
export async function insertSplit(
  db: Db,
  merchantId: string,
  options: number | SplitOptions = 2,
): Promise<{ splitId: string; participantIds: Ids }> {
  const {
    participants = 2,
    split = {},
    participant = () => ({}),
  } = typeof options === 'number' ? { participants: options } : options;
  const row = splitRow(merchantId, { total_amount: 2000 * participants, ...split });
  await db.insertInto('splits').values(row).execute();
  const rows = Array.from({ length: participants }, (_, position) =>
    participantRow(row.id as string, position, participant(position)),
  );
  if (rows.length > 0) await db.insertInto('split_participants').values(rows).execute();
  return { splitId: row.id as string, participantIds: asIds(rows.map((p) => p.id as string)) };
}

/** Open seats of £20 on a split, positions from `firstPosition`; their ids. */
export async function insertSeats(
  db: Db,
  splitId: string,
  count: number,
  firstPosition = 0,
  overrides: Partial<Insertable<SplitSeatsTable>> = {},
): Promise<Ids> {
  const rows = Array.from({ length: count }, (_, n) => ({
    id: randomUUID(),
    split_id: splitId,
    position: firstPosition + n,
    amount: 2000,
    customer_fee: 0,
    merchant_fee: 0,
    participant_id: null,
    claimed_at: null,
    created_at: new Date(),
    ...overrides,
  }));
  await db.insertInto('split_seats').values(rows).execute();
  return asIds(rows.map((r) => r.id));
}

/** A history row of a split (a status row unless `kind` says otherwise); its id. */
export async function insertHistory(
  db: Db,
  splitId: string,
  overrides: Partial<Insertable<SplitHistoryTable>> = {},
): Promise<number> {
  const row = await db
    .insertInto('split_history')
    .values({
      split_id: splitId,
      participant_id: null,
      kind: 'status',
      from_status: null,
      to_status: null,
      actor: 'system',
      detail: null,
      dedupe_key: `test:${randomUUID()}`,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An outbox event of a business (a paid split, test mode, undispatched); its id. */
export async function insertEvent(
  db: Db,
  merchantId: string,
  overrides: Partial<Insertable<WebhookEventsTable>> = {},
): Promise<string> {
  const row = await db
    .insertInto('webhook_events')
    .values({
      merchant_id: merchantId,
      mode: 'test',
      type: 'checkout_split.paid',
      payload: JSON.stringify({ id: randomUUID() }),
      dedupe_key: `test:${randomUUID()}`,
      dispatched_at: null,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A refund's row (an API refund in progress of £20) for a split of this business. */
export function refundRow(
  splitId: string,
  merchantId: string,
  overrides: Partial<Insertable<SplitRefundsTable>> = {},
): Insertable<SplitRefundsTable> {
  return {
    id: randomUUID(),
    split_id: splitId,
    merchant_id: merchantId,
    mode: 'test',
    source: 'api',
    actor: 'api_key',
    actor_detail: `api_key:${randomUUID()}`,
    requested_amount: null,
    amount: 2000,
    status: 'in_progress',
    reason: null,
    idempotency_key: null,
    result: null,
    failure: null,
    completed_at: null,
    ...overrides,
  };
}

/** A pending slice of £20 of a refund for one participant. */
export function sliceRow(
  refundId: string,
  participantId: string,
  position: number,
  overrides: Partial<Insertable<SplitRefundSlicesTable>> = {},
): Insertable<SplitRefundSlicesTable> {
  return {
    refund_id: refundId,
    participant_id: participantId,
    position,
    amount: 2000,
    completes_share: true,
    status: 'pending',
    processor_refund_id: null,
    error: null,
    ...overrides,
  };
}

/** A refund with one pending slice per participant given (in that order); its id. */
export async function insertRefund(
  db: Db,
  splitId: string,
  merchantId: string,
  participantIds: string[],
  overrides: Partial<Insertable<SplitRefundsTable>> = {},
): Promise<string> {
  const refund = refundRow(splitId, merchantId, overrides);
  await db.insertInto('split_refunds').values(refund).execute();
  if (participantIds.length > 0) {
    await db
      .insertInto('split_refund_slices')
      .values(participantIds.map((id, position) => sliceRow(refund.id as string, id, position)))
      .execute();
  }
  return refund.id as string;
}

/** A delivery log row: attempt 1 of an event's delivery (`webhook:<eventId>`), failed with a 500. */
export function deliveryRow(
  merchantId: string,
  eventId: string,
  overrides: Partial<Insertable<WebhookDeliveriesTable>> = {},
): Insertable<WebhookDeliveriesTable> {
  return {
    delivery_id: `webhook:${eventId}`,
    event_id: eventId,
    merchant_id: merchantId,
    mode: 'test',
    event_type: 'checkout_split.paid',
    trigger: 'event',
    attempt: 1,
    url: 'https://shop.example/hooks',
    outcome: 'failed',
    status_code: 500,
    response_excerpt: null,
    duration_ms: 12,
    error: null,
    signed_at: null,
    next_attempt_at: new Date(Date.now() + 60_000),
    gave_up_at: null,
    started_at: new Date(),
    ...overrides,
  };
}
