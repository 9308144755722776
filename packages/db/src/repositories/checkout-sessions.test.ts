import { randomBytes, randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { createDb, type Db } from '..';
import type { CheckoutSessionsTable } from '../schema/checkout';
import { CheckoutSessionsRepository } from './checkout-sessions';

/**
 * CheckoutSessionsRepository's queries against the run's migrated Postgres database alone: no
 * services, no worker, no Temporal. Rows are set up directly. Other test files share the database,
 * so every check of a query over all sessions looks only at this file's tokens.
 */
let db: Db;
let merchantId: string;
let buyerId: string;

beforeAll(async () => {
  db = createDb(process.env.DATABASE_URL!, 4);
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  merchantId = merchant.id;
  const buyer = await db
    .insertInto('users')
    .values({ email: `buyer-${randomUUID()}@example.com`, name: 'Bea Buyer' })
    .returning('id')
    .executeTakeFirstOrThrow();
  buyerId = buyer.id;
});
afterAll(() => db.destroy());

const repo = () => new CheckoutSessionsRepository(db);
const HOUR = 3600_000;

function sessionRow(overrides: Partial<Insertable<CheckoutSessionsTable>> = {}): Insertable<CheckoutSessionsTable> {
  return {
    token: randomBytes(32).toString('base64url'),
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
    expires_at: new Date(Date.now() + HOUR),
    ...overrides,
  };
}

async function inserted(overrides: Partial<Insertable<CheckoutSessionsTable>> = {}) {
  const row = sessionRow(overrides);
  await repo().insert(row);
  return row.token;
}

const recordExpiry = (token: string) =>
  db.insertInto('checkout_session_expiries').values({ session_token: token }).execute();

describe('CheckoutSessionsRepository', () => {
  it('inserts a session, finds it and its lines by token, and deletes it', async () => {
    const token = await inserted();
    expect(await repo().findByToken(token)).toMatchObject({
      token,
      merchant_id: merchantId,
      amount: 6000,
      currency: 'gbp',
      capture: 'automatic',
      split_id: null,
      split_claimed_by: null,
    });
    expect(await repo().lineItems(token)).toEqual({
      line_items: [{ description: 'Dinner', amount: 6000, quantity: 1 }],
    });

    await repo().deleteByToken(token);
    expect(await repo().findByToken(token)).toBeUndefined();
    expect(await repo().lineItems(token)).toBeUndefined();
  });

  it('claims an open session once; the claim is re-stamped, released and closed by the split', async () => {
    const token = await inserted();
    const splitId = randomUUID();
    expect(await repo().claim(token, buyerId, splitId)).toBe(true);
    expect(await repo().claim(token, buyerId, randomUUID())).toBe(false);
    const claimed = await repo().findByToken(token);
    expect(claimed).toMatchObject({ split_claimed_by: buyerId, split_claim_id: splitId });
    expect(claimed?.split_claimed_at).toBeInstanceOf(Date);

    // Only the same claim is re-stamped, and its stamp moves on.
    expect(await repo().restampClaim(token, randomUUID())).toBe(false);
    await db
      .updateTable('checkout_sessions')
      .set({ split_claimed_at: new Date(Date.now() - HOUR) })
      .where('token', '=', token)
      .execute();
    expect(await repo().restampClaim(token, splitId)).toBe(true);
    expect((await repo().findByToken(token))?.split_claimed_at?.getTime()).toBeGreaterThan(Date.now() - 60_000);

    // Another claim's release changes nothing; its own gives the session back.
    await repo().releaseClaim(token, randomUUID());
    expect(await repo().findByToken(token)).toMatchObject({ split_claim_id: splitId });
    await repo().releaseClaim(token, splitId);
    expect(await repo().findByToken(token)).toMatchObject({
      split_claimed_by: null,
      split_claim_id: null,
      split_claimed_at: null,
    });

    // Once the split is recorded, the claim is neither re-stamped nor released.
    const secondSplit = randomUUID();
    expect(await repo().claim(token, buyerId, secondSplit)).toBe(true);
    await repo().recordSplit(token, secondSplit);
    expect(await repo().restampClaim(token, secondSplit)).toBe(false);
    await repo().releaseClaim(token, secondSplit);
    expect(await repo().findByToken(token)).toMatchObject({
      split_id: secondSplit,
      split_claimed_by: buyerId,
      split_claim_id: secondSplit,
    });
  });

  it('claims nothing past its lifetime or once its expiry is recorded', async () => {
    const past = await inserted({ expires_at: new Date(Date.now() - 1000) });
    expect(await repo().claim(past, buyerId, randomUUID())).toBe(false);

    const expired = await inserted();
    await recordExpiry(expired);
    expect(await repo().claim(expired, buyerId, randomUUID())).toBe(false);

    // A claim made in time is not re-stamped after its expiry is recorded.
    const claimedThenExpired = await inserted();
    const splitId = randomUUID();
    expect(await repo().claim(claimedThenExpired, buyerId, splitId)).toBe(true);
    await recordExpiry(claimedThenExpired);
    expect(await repo().restampClaim(claimedThenExpired, splitId)).toBe(false);
  });

  it('locks a session for reminders inside a transaction, and finds no unknown one', async () => {
    const token = await inserted();
    await db.transaction().execute(async (trx) => {
      expect(await new CheckoutSessionsRepository(trx).lockForReminders(token)).toEqual({ token });
      expect(await new CheckoutSessionsRepository(trx).lockForReminders('no-such-session-token-0000')).toBeUndefined();
      // Held until the transaction ends: another transaction that will not wait cannot lock it.
      await expect(
        db
          .transaction()
          .execute((other) =>
            other
              .selectFrom('checkout_sessions')
              .select('token')
              .where('token', '=', token)
              .forUpdate()
              .noWait()
              .execute(),
          ),
      ).rejects.toThrow(/could not obtain lock/);
    });
  });

  it('finds the sessions due for expiry, oldest first, skipping locked ones', async () => {
    const longAgo = (minutes: number) => new Date(Date.UTC(2001, 0, 1, 0, minutes));
    const unclaimed = await inserted({ expires_at: longAgo(2) });
    const older = await inserted({ expires_at: longAgo(1) });
    const notYet = await inserted();
    const withSplit = await inserted({ expires_at: longAgo(3), split_id: randomUUID() });
    const alreadyExpired = await inserted({ expires_at: longAgo(4) });
    await recordExpiry(alreadyExpired);
    // Claimed sessions: only one found abandoned with the stamp it still has is due.
    const claimedAt = new Date(Date.now() - 2 * HOUR);
    const claimed = async (minutes: number) => {
      const token = await inserted({
        expires_at: longAgo(minutes),
        split_claimed_by: buyerId,
        split_claim_id: randomUUID(),
        split_claimed_at: claimedAt,
      });
      return token;
    };
    const abandoned = await claimed(5);
    const restamped = await claimed(6);
    const stillClaimed = await claimed(7);
    const mine = [unclaimed, older, notYet, withSplit, alreadyExpired, abandoned, restamped, stillClaimed];

    const due = await db.transaction().execute(async (trx) =>
      new CheckoutSessionsRepository(trx).lockDueForExpiry(
        [
          { token: abandoned, claimedAt },
          { token: restamped, claimedAt: new Date(claimedAt.getTime() - 1000) },
        ],
        100_000,
      ),
    );
    expect(due.map((row) => row.token).filter((token) => mine.includes(token))).toEqual([older, unclaimed, abandoned]);

    // A session another transaction holds (a buyer's claim) is skipped, not waited for.
    await db.transaction().execute(async (holder) => {
      await new CheckoutSessionsRepository(holder).lockForReminders(older);
      const dueNow = await db
        .transaction()
        .execute((trx) => new CheckoutSessionsRepository(trx).lockDueForExpiry([], 100_000));
      expect(dueNow.map((row) => row.token).filter((token) => mine.includes(token))).toEqual([unclaimed]);
    });
  });

  it('stores a line item image and answers it by id', async () => {
    const token = await inserted();
    const id = randomUUID();
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    await repo().insertImage({ id, sessionToken: token, contentType: 'image/png', bytes });
    expect(await repo().image(id)).toEqual({ content_type: 'image/png', bytes });
    expect(await repo().image(randomUUID())).toBeUndefined();
  });

  it('claims an Idempotency-Key once per business and mode, and forgets it after the remembered hours', async () => {
    const scope = { merchantId, mode: 'test' as const, key: `key-${randomUUID()}` };
    const first = await inserted();
    const second = await inserted();
    expect(await repo().liveIdempotencyKey(scope, 24)).toBeUndefined();
    expect(await repo().claimIdempotencyKey(scope, 'hash-1', first, 24)).toBe(true);
    expect(await repo().claimIdempotencyKey(scope, 'hash-2', second, 24)).toBe(false);
    expect(await repo().liveIdempotencyKey(scope, 24)).toEqual({ request_hash: 'hash-1', session_token: first });
    // The same key in the other mode is another key.
    expect(await repo().claimIdempotencyKey({ ...scope, mode: 'live' }, 'hash-3', second, 24)).toBe(true);

    // Used 25 hours ago: no longer live, and claimed anew.
    await db
      .updateTable('checkout_idempotency_keys')
      .set({ created_at: new Date(Date.now() - 25 * HOUR) })
      .where('idempotency_key', '=', scope.key)
      .where('mode', '=', 'test')
      .execute();
    expect(await repo().liveIdempotencyKey(scope, 24)).toBeUndefined();
    expect(await repo().claimIdempotencyKey(scope, 'hash-2', second, 24)).toBe(true);
    expect(await repo().liveIdempotencyKey(scope, 24)).toEqual({ request_hash: 'hash-2', session_token: second });
  });
});
