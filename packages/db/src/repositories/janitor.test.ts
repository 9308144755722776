import { randomUUID } from 'node:crypto';
import { createDb, type Db } from '..';
import { JanitorRepository } from './janitor';

/** JanitorRepository against the run's migrated Postgres database alone (no services, no Temporal). */
let db: Db;
const repo = () => new JanitorRepository(db);
const LONG_AGO = new Date('2000-01-01T00:00:00Z');

async function merchant(): Promise<string> {
  const row = await db
    .insertInto('merchants')
    .values({
      name: `Janitor repository test ${randomUUID().slice(0, 8)}`,
      legal_name: 'Shop Ltd',
      business_type: 'sole_trader',
      business_address: '1 High Street, London, N1 1AA',
      business_email: 'hello@shop.example',
      business_phone: '+44 20 7946 0000',
      verification_status: 'verified',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Splits of the merchant in these statuses, returned in id order (the janitor's order). */
async function splits(merchantId: string, statuses: string[], updatedAt = new Date()): Promise<string[]> {
  const ids = statuses.map(() => randomUUID());
  await db
    .insertInto('splits')
    .values(
      ids.map((id, n) => ({
        id,
        merchant_id: merchantId,
        mode: 'test' as const,
        order_reference: `JANITOR-${id.slice(0, 8)}`,
        currency: 'gbp',
        status: statuses[n] as 'pending',
        total_amount: 2000,
        customer_fee_total: 40,
        merchant_fee_total: 60,
        application_fee_total: 100,
        merchant_fee_bps: 300,
        processor_account_id: `acct_${merchantId.slice(0, 8)}`,
        authorization_expires_at: new Date(Date.now() + 7 * 24 * 3600_000),
        created_at: new Date(),
        updated_at: updatedAt,
      })),
    )
    .execute();
  return [...ids].sort();
}

beforeAll(() => {
  db = createDb(process.env.DATABASE_URL!, 4);
});
afterAll(() => db.destroy());

describe('JanitorRepository: one cursor per merchant', () => {
  it('keeps each merchant’s place apart, and moves only the one saved', async () => {
    const [a, b] = [await merchant(), await merchant()];
    const [a1, a2] = await splits(a, ['pending', 'pending']);
    const [b1] = await splits(b, ['pending']);
    expect(await repo().cursor(a)).toBeUndefined();

    await repo().saveCursor(a, a1!);
    await repo().saveCursor(b, b1!);
    await repo().saveCursor(a, a2!);
    expect(await repo().cursor(a)).toBe(a2);
    expect(await repo().cursor(b)).toBe(b1);
    const rows = (await repo().cursors()).filter((row) => [a, b].includes(row.merchant_id));
    expect(rows).toEqual([
      expect.objectContaining({ merchant_id: [a, b].sort()[0] }),
      expect.objectContaining({ merchant_id: [a, b].sort()[1] }),
    ]);
  });

  it('pages one merchant’s candidates from its cursor, wrapping round, and never another merchant’s', async () => {
    const [a, b] = [await merchant(), await merchant()];
    const ids = await splits(a, ['pending', 'capturing', 'canceling', 'pending']);
    // Finished long ago (not a candidate) and finished just now (a candidate for two days).
    const [old] = await splits(a, ['captured'], LONG_AGO);
    const recent = await splits(a, ['canceled']);
    await splits(b, ['pending', 'pending']);
    const candidates = [...ids, ...recent].sort();
    expect(candidates).not.toContain(old);
    const scope = { recentSince: new Date(Date.now() - 60_000), merchantId: a };

    expect(await repo().countCandidates(scope)).toBe(5);
    const first = await repo().candidates({ ...scope, limit: 3 });
    expect(first.map((s) => s.id)).toEqual(candidates.slice(0, 3));
    await repo().saveCursor(a, first.at(-1)!.id);
    const second = await repo().candidates({ ...scope, limit: 3, afterSplitId: await repo().cursor(a) });
    expect(second.map((s) => s.id)).toEqual([candidates[3], candidates[4], candidates[0]]);
  });

  it('counts a split with an open finding as a candidate however long ago it finished', async () => {
    const a = await merchant();
    const [finished] = await splits(a, ['captured'], LONG_AGO);
    const scope = { recentSince: new Date(), merchantId: a };
    expect(await repo().countCandidates(scope)).toBe(0);
    const { id, isNew } = await repo().recordFinding({
      splitId: finished!,
      participantId: null,
      merchantId: a,
      mode: 'test',
      kind: 'capture_missing',
      action: 'flagged',
      splitStatus: 'captured',
      participantStatus: null,
      processorStatus: null,
      detail: {},
    });
    expect(isNew).toBe(true);
    expect(await repo().countCandidates(scope)).toBe(1);
    expect(await repo().resolveFindings([id], 'janitor', 'no longer seen')).toBe(1);
    expect(await repo().countCandidates(scope)).toBe(0);
  });

  it('lists the merchants with candidates in id order, page by page, or only those named', async () => {
    const ours = [await merchant(), await merchant(), await merchant()];
    const idle = await merchant();
    for (const id of ours) await splits(id, ['pending']);
    await splits(idle, ['captured'], LONG_AGO);
    const recentSince = new Date(Date.now() - 60_000);
    const named = [...ours, idle];
    const sorted = [...ours].sort();

    expect(await repo().merchantsWithCandidates({ recentSince, merchantIds: named, limit: 10 })).toEqual(sorted);
    const page = await repo().merchantsWithCandidates({ recentSince, merchantIds: named, limit: 2 });
    expect(page).toEqual(sorted.slice(0, 2));
    expect(
      await repo().merchantsWithCandidates({ recentSince, merchantIds: named, limit: 2, afterMerchantId: page[1] }),
    ).toEqual(sorted.slice(2));
    expect(await repo().merchantsWithCandidates({ recentSince, merchantIds: [], limit: 2 })).toEqual([]);
    // Without a list: every merchant with candidates (other tests' too), ours among them.
    const everyone = await repo().merchantsWithCandidates({ recentSince, limit: 100_000 });
    expect(everyone).toEqual(expect.arrayContaining(ours));
    expect(everyone).not.toContain(idle);
    expect(everyone).toEqual([...everyone].sort());
  });
});
