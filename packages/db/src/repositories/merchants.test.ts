import { randomUUID } from 'node:crypto';
import { MerchantsRepository } from './merchants';
import { useTestDb } from './test-support/db';
import { insertMerchant } from './test-support/rows';

/** MerchantsRepository against the run's migrated Postgres database alone. Each test makes its own businesses. */
const db = useTestDb();
const repo = () => new MerchantsRepository(db());
const LONG_AGO = new Date('2001-01-01T00:00:00Z');

describe('MerchantsRepository', () => {
  it('creates a business, finds and changes it, stamping updated_at', async () => {
    const created = await repo().create({
      name: 'Corner Café',
      legal_name: 'Corner Café Ltd',
      business_type: 'limited_company',
      business_address: '2 Low Road, Leeds, LS1 1AA',
      business_email: 'cafe@example.com',
      business_phone: '+44 113 000 0000',
    });
    expect(created).toEqual({ id: expect.any(String), name: 'Corner Café' });
    expect(await repo().find(created.id)).toMatchObject({
      name: 'Corner Café',
      country: 'GB',
      verification_status: 'unverified',
      processor_account_id: null,
    });
    expect(await repo().find(randomUUID())).toBeUndefined();
    await expect(repo().get(randomUUID())).rejects.toThrow();

    await db().updateTable('merchants').set({ updated_at: LONG_AGO }).where('id', '=', created.id).execute();
    await repo().update(created.id, { name: 'Corner Café & Bar', paused_reason: 'checks' });
    const changed = await repo().get(created.id);
    expect(changed).toMatchObject({
      name: 'Corner Café & Bar',
      paused_reason: 'checks',
      legal_name: 'Corner Café Ltd',
    });
    expect(changed.updated_at.getTime()).toBeGreaterThan(LONG_AGO.getTime());
  });

  it('finds a business by company number whatever its case', async () => {
    const number = `SC${randomUUID().replace(/-/g, '').slice(0, 6)}`.toLowerCase();
    const id = await insertMerchant(db(), { company_number: number });
    expect(await repo().findByCompanyNumber(number.toUpperCase())).toEqual({ id, name: expect.any(String) });
    expect(await repo().findByCompanyNumber(`ZZ${randomUUID().slice(0, 6)}`.toUpperCase())).toBeUndefined();
    // The number is unique ignoring case.
    await expect(insertMerchant(db(), { company_number: number.toUpperCase() })).rejects.toThrow(/duplicate key/);
  });

  it('records a live processor account once, applies its state to every holder, and finds the holder', async () => {
    const account = `acct_${randomUUID().replace(/-/g, '')}`;
    const id = await insertMerchant(db());
    const connectedAt = new Date('2026-03-01T12:00:00Z');
    await repo().recordLiveProcessorAccount(id, account, connectedAt);
    // A second account is not recorded over the first.
    await repo().recordLiveProcessorAccount(id, `acct_${randomUUID()}`, new Date());
    expect(await repo().get(id)).toMatchObject({
      processor_account_id: account,
      processor_connected_at: connectedAt,
      processor_charges_enabled: false,
      processor_details_submitted: false,
    });
    expect(await repo().findByLiveProcessorAccount(account)).toEqual({ id });
    expect(await repo().findByLiveProcessorAccount(`acct_${randomUUID()}`)).toBeUndefined();

    const alsoHolding = await insertMerchant(db(), { processor_account_id: account });
    const bystander = await insertMerchant(db());
    const now = new Date('2026-03-02T12:00:00Z');
    const applied = await repo().applyLiveProcessorAccount(
      account,
      { chargesEnabled: true, detailsSubmitted: true },
      now,
    );
    expect(applied.sort()).toEqual([id, alsoHolding].sort());
    expect(await repo().get(alsoHolding)).toMatchObject({
      processor_charges_enabled: true,
      processor_details_submitted: true,
      updated_at: now,
    });
    expect(await repo().get(bystander)).toMatchObject({ processor_charges_enabled: false });
    expect(
      await repo().applyLiveProcessorAccount(
        `acct_${randomUUID()}`,
        { chargesEnabled: true, detailsSubmitted: true },
        now,
      ),
    ).toEqual([]);
  });

  it('verifies for the first time only businesses still unverified', async () => {
    const unverified = await insertMerchant(db(), { verification_status: 'unverified' });
    const pending = await insertMerchant(db(), { verification_status: 'pending' });
    const verified = await insertMerchant(db(), { verification_status: 'verified' });
    expect(await repo().verifyFirstTime([])).toEqual([]);
    expect(await repo().verifyFirstTime([unverified, pending, verified])).toEqual([unverified]);
    expect((await repo().get(unverified)).verification_status).toBe('verified');
    expect((await repo().get(pending)).verification_status).toBe('pending');
    expect(await repo().verifyFirstTime([unverified])).toEqual([]);
  });

  it('locks a business: `update` keeps new references out, `no key update` does not', async () => {
    const id = await insertMerchant(db());
    const referencing = () =>
      db()
        .transaction()
        .execute(async (other) => {
          await other.selectFrom('merchants').select('id').where('id', '=', id).forKeyShare().noWait().execute();
        });
    await db()
      .transaction()
      .execute(async (trx) => {
        expect(await new MerchantsRepository(trx).lock(id)).toMatchObject({ id });
        // A row that references the business takes a key-share lock: allowed beside `no key update`.
        await referencing();
        await expect(
          db()
            .transaction()
            .execute((other) =>
              other.selectFrom('merchants').select('id').where('id', '=', id).forNoKeyUpdate().noWait().execute(),
            ),
        ).rejects.toThrow(/could not obtain lock/);
      });
    await db()
      .transaction()
      .execute(async (trx) => {
        expect(await new MerchantsRepository(trx).lock(id, 'update')).toMatchObject({ id });
        await expect(referencing()).rejects.toThrow(/could not obtain lock/);
      });
    expect(await repo().lock(randomUUID())).toBeUndefined();
  });
});
