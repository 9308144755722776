import { randomUUID } from 'node:crypto';
import { createDb, type Db } from '..';
import { ProcessorAccountsRepository } from './processor-accounts';
import { insertMerchant } from './test-support/rows';

/** ProcessorAccountsRepository against the run's migrated Postgres database alone. */
let db: Db;

beforeAll(() => {
  db = createDb(process.env.DATABASE_URL!, 4);
});
afterAll(() => db.destroy());

const repo = () => new ProcessorAccountsRepository(db);

describe('ProcessorAccountsRepository', () => {
  it('connects one account per business and mode; the first recorded wins', async () => {
    const merchantId = await insertMerchant(db);
    const first = `acct_${randomUUID()}`;
    const now = new Date();
    expect(await repo().find(merchantId, 'test')).toBeUndefined();
    expect(await repo().connect(merchantId, 'test', first, now)).toEqual({ accountId: first, inserted: true });
    expect(await repo().connect(merchantId, 'test', `acct_${randomUUID()}`, now)).toEqual({
      accountId: first,
      inserted: false,
    });
    expect(await repo().find(merchantId, 'test')).toMatchObject({
      account_id: first,
      connected_at: now,
      charges_enabled: false,
      details_submitted: false,
      pay_domain: null,
    });
    expect(await repo().find(merchantId, 'live')).toBeUndefined();
    expect(await repo().findByAccount('test', first)).toEqual({ merchant_id: merchantId });
    expect(await repo().findByAccount('live', first)).toBeUndefined();
  });

  it("applies the processor's view to the row holding the account in that mode, and records the pay domain", async () => {
    const [b, other] = [await insertMerchant(db), await insertMerchant(db)];
    const account = `acct_${randomUUID()}`;
    await repo().connect(b, 'live', account, new Date());
    await repo().connect(other, 'test', account, new Date());
    const state = { chargesEnabled: true, detailsSubmitted: true };
    expect(await repo().applyState('live', account, state, new Date())).toEqual([b]);
    expect(await repo().find(b, 'live')).toMatchObject({ charges_enabled: true, details_submitted: true });
    expect(await repo().find(other, 'test')).toMatchObject({ charges_enabled: false });

    await repo().recordPayDomain('live', account, {
      domainName: 'pay.example.com',
      id: 'pmd_1',
      applePayStatus: 'inactive',
      applePayError: 'not verified',
    });
    expect(await repo().find(b, 'live')).toMatchObject({
      pay_domain: 'pay.example.com',
      pay_domain_id: 'pmd_1',
      apple_pay_status: 'inactive',
      apple_pay_error: 'not verified',
      pay_domain_checked_at: expect.any(Date),
    });
    expect(await repo().find(other, 'test')).toMatchObject({ pay_domain: null });
  });
});
