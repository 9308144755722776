import { randomUUID } from 'node:crypto';
import { SplitOperationsRepository } from './split-operations';
import { useTestDb } from './test-support/db';
import { insertHistory, insertMerchant, insertSplit } from './test-support/rows';

/**
 * SplitOperationsRepository (the janitor's, support CLI's and metrics' reads) against the run's
 * migrated Postgres database alone. Its gauges read every split in the database, other test files'
 * included: those tests compare within one REPEATABLE READ snapshot, or use times no other file uses.
 */
const db = useTestDb();
const repo = () => new SplitOperationsRepository(db());
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));

describe('SplitOperationsRepository', () => {
  it('finds any split, creating ones too, with its participants in order', async () => {
    const merchantId = await insertMerchant(db());
    const { splitId, participantIds } = await insertSplit(db(), merchantId, {
      participants: 3,
      split: { status: 'creating', mode: 'live', processor_account_id: 'acct_ops' },
      participant: (position) => ({
        last_error: position === 1 ? 'card_declined' : null,
        processor_payment_intent_id: `pi_${position}`,
      }),
    });
    expect(await repo().find(splitId)).toMatchObject({ id: splitId, status: 'creating' });
    expect(await repo().find(randomUUID())).toBeUndefined();
    expect(await repo().participantsOverview(splitId)).toEqual(
      participantIds.map((id, position) => ({
        id,
        email: expect.any(String),
        amount: 2000,
        status: 'pending',
        processor_payment_intent_id: `pi_${position}`,
        last_error: position === 1 ? 'card_declined' : null,
      })),
    );
    expect(await repo().janitorView(splitId)).toEqual({
      split: {
        id: splitId,
        merchant_id: merchantId,
        mode: 'live',
        status: 'creating',
        processor_account_id: 'acct_ops',
      },
      participants: participantIds.map((id, position) => ({
        id,
        status: 'pending',
        processor_payment_intent_id: `pi_${position}`,
      })),
    });
    expect(await repo().janitorView(randomUUID())).toBeNull();
  });

  it('lists splits stuck capturing or canceling, and those Temporal named, oldest change first', async () => {
    const merchantId = await insertMerchant(db());
    const split = async (status: 'capturing' | 'canceling' | 'pending', minutes: number) => {
      const { splitId } = await insertSplit(db(), merchantId, { split: { status } });
      await db()
        .updateTable('splits')
        .set({ updated_at: at(minutes) })
        .where('id', '=', splitId)
        .execute();
      return splitId;
    };
    const canceling = await split('canceling', 2);
    const capturing = await split('capturing', 3);
    const named = await split('pending', 1);
    const unnamed = await split('pending', 0);
    const elsewhere = await insertSplit(db(), await insertMerchant(db()), { split: { status: 'capturing' } });

    const forMerchant = await repo().stuckCandidates({ namedByTemporal: [named, elsewhere.splitId], merchantId });
    expect(forMerchant.map((row) => [row.id, row.status])).toEqual([
      [named, 'pending'],
      [canceling, 'canceling'],
      [capturing, 'capturing'],
    ]);
    const everywhere = (await repo().stuckCandidates({ namedByTemporal: [] })).map((row) => row.id);
    expect(everywhere).toEqual(expect.arrayContaining([canceling, capturing, elsewhere.splitId]));
    expect(everywhere).not.toContain(named);
    expect(everywhere).not.toContain(unnamed);
    // Left stuck, they would be every other file's stuck splits (support's `stuck`, the gauges).
    await db()
      .updateTable('splits')
      .set({ status: 'canceled' })
      .where('id', 'in', [canceling, capturing, elsewhere.splitId])
      .execute();
  });

  it('measures how long the split longest in a status has been there, from its last row into it', async () => {
    const merchantId = await insertMerchant(db());
    const { splitId } = await insertSplit(db(), merchantId, { split: { status: 'capture_failed' } });
    // It left capture_failed and came back: the later entry counts. Other files' rows are all far newer.
    await insertHistory(db(), splitId, { to_status: 'capture_failed', created_at: new Date('1981-01-01T00:00:00Z') });
    await insertHistory(db(), splitId, { to_status: 'capturing', created_at: new Date('1985-01-01T00:00:00Z') });
    await insertHistory(db(), splitId, { to_status: 'capture_failed', created_at: new Date('1991-01-01T00:00:00Z') });
    const rows = await repo().oldestInStatus(['capture_failed', 'refunded']);
    const failed = rows.find((row) => row.status === 'capture_failed');
    const expected = (Date.now() - Date.parse('1991-01-01T00:00:00Z')) / 1000;
    expect(failed?.seconds).toBeGreaterThan(expected - 600);
    expect(failed?.seconds).toBeLessThan(expected + 600);
    // A split in a status with no history row into it is not counted (the lateral join finds nothing).
    expect(rows.every((row) => ['capture_failed', 'refunded'].includes(row.status))).toBe(true);
  });

  it('counts splits per status and mode', async () => {
    const merchantId = await insertMerchant(db());
    await db()
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const operations = new SplitOperationsRepository(trx);
        const count = async (status: string, mode: string) =>
          (await operations.countByStatusAndMode()).find((row) => row.status === status && row.mode === mode)?.count ??
          0;
        const before = { refunded: await count('refunded', 'live'), creating: await count('creating', 'live') };
        await insertSplit(trx, merchantId, { split: { status: 'refunded', mode: 'live' } });
        await insertSplit(trx, merchantId, { split: { status: 'refunded', mode: 'live' } });
        await insertSplit(trx, merchantId, { split: { status: 'creating', mode: 'live' } });
        expect(await count('refunded', 'live')).toBe(before.refunded + 2);
        expect(await count('creating', 'live')).toBe(before.creating + 1);
        expect(typeof (await operations.countByStatusAndMode())[0]!.count).toBe('number');
      });
  });
});
