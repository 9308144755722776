import { createDb, type Db } from '..';
import { BillingRepository } from './billing';
import { insertMerchant } from './test-support/rows';

/** BillingRepository (billing_cards and bills) against the run's migrated Postgres database alone. */
let db: Db;

beforeAll(() => {
  db = createDb(process.env.DATABASE_URL!, 4);
});
afterAll(() => db.destroy());

const repo = () => new BillingRepository(db);
const DAY = 24 * 3600_000;

const card = (last4: string) => ({
  processor_customer_id: 'cus_1',
  payment_method_id: `pm_${last4}`,
  brand: 'visa',
  last4,
  exp_month: 12,
  exp_year: 2030,
  updated_at: new Date(),
});

async function insertBill(merchantId: string, mode: 'test' | 'live', issuedDaysAgo: number, paid = false) {
  return db
    .insertInto('bills')
    .values({
      merchant_id: merchantId,
      mode,
      amount: 1500,
      description: `Bill ${issuedDaysAgo}`,
      issued_at: new Date(Date.now() - issuedDaysAgo * DAY),
      paid_at: paid ? new Date() : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

describe('BillingRepository', () => {
  it('keeps one card on file per business and mode', async () => {
    const merchantId = await insertMerchant(db);
    expect(await repo().findCard(merchantId, 'test')).toBeUndefined();
    await repo().saveCard(merchantId, 'test', card('4242'));
    const saved = await repo().saveCard(merchantId, 'test', card('1881'));
    expect(saved).toMatchObject({ merchant_id: merchantId, mode: 'test', last4: '1881', payment_method_id: 'pm_1881' });
    expect(await repo().findCard(merchantId, 'test')).toMatchObject({ last4: '1881' });
    expect(await repo().findCard(merchantId, 'live')).toBeUndefined();
  });

  it('lists recent bills newest first, pays a bill once and finds overdue bills', async () => {
    const merchantId = await insertMerchant(db);
    const old = await insertBill(merchantId, 'test', 20);
    const recent = await insertBill(merchantId, 'test', 1);
    await insertBill(merchantId, 'live', 30, true);

    expect((await repo().recentBills(merchantId, 'test', 10)).map((b) => b.id)).toEqual([recent.id, old.id]);
    expect((await repo().recentBills(merchantId, 'test', 1)).map((b) => b.id)).toEqual([recent.id]);
    expect(await repo().findBill(merchantId, 'test', old.id)).toMatchObject({ id: old.id, paid_at: null });
    expect(await repo().findBill(merchantId, 'live', old.id)).toBeUndefined();

    expect(await repo().hasOverdueBill(merchantId, 'test', 14)).toBe(true);
    expect(await repo().hasOverdueBill(merchantId, 'test', 30)).toBe(false);
    expect(await repo().hasOverdueBill(merchantId, 'live', 14)).toBe(false);

    const paid = await repo().markBillPaid(old.id);
    expect(paid?.paid_at).toBeInstanceOf(Date);
    expect(await repo().markBillPaid(old.id)).toBeUndefined();
    expect(await repo().getBill(old.id)).toEqual(paid);
    expect(await repo().hasOverdueBill(merchantId, 'test', 14)).toBe(false);
  });
});
