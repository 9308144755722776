import { createDb } from '..';
import { EXPORT_BATCH_ROWS, type ExportScope, ExportsRepository } from './exports';
import { useTestDb } from './test-support/db';
import { insertMerchant, insertRefund, insertSplit, participantRow } from './test-support/rows';

/** ExportsRepository (the finance exports' cursor reads) against the run's migrated Postgres database alone. */
const db = useTestDb();
const repo = () => new ExportsRepository(db());

async function all<Row>(batches: AsyncGenerator<Row[]>): Promise<{ rows: Row[]; sizes: number[] }> {
  const rows: Row[] = [];
  const sizes: number[] = [];
  for await (const batch of batches) {
    sizes.push(batch.length);
    rows.push(...batch);
  }
  return { rows, sizes };
}

describe('ExportsRepository.orderRows', () => {
  it('covers UK calendar days: a summer day starts at 23:00 UTC the evening before', async () => {
    const merchantId = await insertMerchant(db());
    const split = async (iso: string, extra = {}) =>
      (await insertSplit(db(), merchantId, { participants: 1, split: { created_at: new Date(iso), ...extra } }))
        .splitId;
    await split('2026-06-30T22:59:59.999Z');
    const atStart = await split('2026-06-30T23:00:00.000Z');
    const beforeEnd = await split('2026-07-01T22:59:59.999Z');
    await split('2026-07-01T23:00:00.000Z');
    await split('2026-07-01T12:00:00Z', { status: 'creating' });
    await split('2026-07-01T12:00:00Z', { mode: 'live' });
    await insertSplit(db(), await insertMerchant(db()), { split: { created_at: new Date('2026-07-01T12:00:00Z') } });

    const summer: ExportScope = { merchantId, mode: 'test', from: '2026-07-01', to: '2026-07-01' };
    expect((await all(repo().orderRows(summer))).rows.map((r) => r.split_id)).toEqual([atStart, beforeEnd]);

    // A winter day is midnight to midnight UTC; a period of days takes both ends in.
    const winterFirst = await split('2026-01-15T00:00:00Z');
    const winterLast = await split('2026-01-16T23:59:59Z');
    await split('2026-01-17T00:00:00Z');
    await split('2026-01-14T23:59:59Z');
    const winter: ExportScope = { merchantId, mode: 'test', from: '2026-01-15', to: '2026-01-16' };
    expect((await all(repo().orderRows(winter))).rows.map((r) => r.split_id)).toEqual([winterFirst, winterLast]);
  });

  it('gives one row per share, oldest split first and shares in order, with the columns the export shows', async () => {
    const merchantId = await insertMerchant(db());
    const scope: ExportScope = { merchantId, mode: 'test', from: '2026-02-01', to: '2026-02-01' };
    const later = await insertSplit(db(), merchantId, {
      participants: 1,
      split: { created_at: new Date('2026-02-01T15:00:00Z') },
    });
    const earlier = await insertSplit(db(), merchantId, {
      participants: 2,
      split: {
        created_at: new Date('2026-02-01T09:00:00Z'),
        order_reference: 'EXPORT-1',
        session_token: 'tok',
        status: 'captured',
      },
      participant: (position) => ({
        status: 'captured',
        customer_fee: 40,
        merchant_fee: 30,
        refunded_amount: position * 500,
        processor_payment_intent_id: `pi_${position}`,
        processor_charge_id: `ch_${position}`,
        card_brand: 'visa',
        card_last4: '4242',
        card_wallet: position === 0 ? 'apple_pay' : null,
        captured_at: new Date('2026-02-01T10:00:00Z'),
      }),
    });
    const { rows } = await all(repo().orderRows(scope));
    expect(rows.map((r) => [r.split_id, r.position])).toEqual([
      [earlier.splitId, 0],
      [earlier.splitId, 1],
      [later.splitId, 0],
    ]);
    expect(rows[1]).toEqual({
      split_id: earlier.splitId,
      order_reference: 'EXPORT-1',
      session_token: 'tok',
      split_status: 'captured',
      currency: 'gbp',
      total_amount: 4000,
      created_at: new Date('2026-02-01T09:00:00Z'),
      position: 1,
      email: expect.stringContaining('@example.com'),
      participant_status: 'captured',
      amount: 2000,
      customer_fee: 40,
      merchant_fee: 30,
      refunded_amount: 500,
      authorised_at: null,
      captured_at: new Date('2026-02-01T10:00:00Z'),
      processor_payment_intent_id: 'pi_1',
      processor_charge_id: 'ch_1',
      card_brand: 'visa',
      card_last4: '4242',
      card_wallet: null,
    });
  });

  it(`reads ${EXPORT_BATCH_ROWS} rows a batch from one snapshot, and frees its connection when the reader stops`, async () => {
    const merchantId = await insertMerchant(db());
    const scope: ExportScope = { merchantId, mode: 'test', from: '2026-03-02', to: '2026-03-02' };
    const created_at = new Date('2026-03-02T12:00:00Z');
    const { splitId } = await insertSplit(db(), merchantId, {
      participants: 0,
      split: { created_at, total_amount: 2000 * (EXPORT_BATCH_ROWS + 1) },
    });
    await db()
      .insertInto('split_participants')
      .values(Array.from({ length: EXPORT_BATCH_ROWS + 1 }, (_, position) => participantRow(splitId, position)))
      .execute();

    // A split written after the first batch is not in this export.
    const batches = repo().orderRows(scope);
    const first = await batches.next();
    expect(first.value).toHaveLength(EXPORT_BATCH_ROWS);
    await insertSplit(db(), merchantId, { participants: 1, split: { created_at } });
    const rest: number[] = [];
    for await (const batch of batches) rest.push(batch.length);
    expect(rest).toEqual([1]);
    expect((await all(repo().orderRows(scope))).sizes).toEqual([EXPORT_BATCH_ROWS, 2]);

    // A reader that stops after one batch: with a pool of one connection, the next query runs only if it was given back.
    const single = createDb(process.env.DATABASE_URL!, 1);
    try {
      for await (const batch of new ExportsRepository(single).orderRows(scope)) {
        expect(batch).toHaveLength(EXPORT_BATCH_ROWS);
        break;
      }
      expect(await single.selectFrom('splits').select('id').where('id', '=', splitId).execute()).toEqual([
        { id: splitId },
      ]);
    } finally {
      await single.destroy();
    }
  });

  it('yields nothing for an empty period', async () => {
    const merchantId = await insertMerchant(db());
    expect(await all(repo().orderRows({ merchantId, mode: 'test', from: '2026-04-01', to: '2026-04-30' }))).toEqual({
      rows: [],
      sizes: [],
    });
  });
});

describe('ExportsRepository.refundRows', () => {
  it('gives one row per slice of the refunds asked for in the period, oldest refund first, slices in order', async () => {
    const merchantId = await insertMerchant(db());
    // The split itself is older than the period: a refund counts by when it was asked for.
    const { splitId, participantIds } = await insertSplit(db(), merchantId, {
      participants: 3,
      split: { created_at: new Date('2025-12-01T12:00:00Z'), order_reference: 'REFUND-1' },
      participant: (position) => ({
        customer_fee: 40,
        merchant_fee: 30,
        processor_payment_intent_id: `pi_${position}`,
      }),
    });
    const second = await insertRefund(db(), splitId, merchantId, [participantIds[2], participantIds[0]], {
      created_at: new Date('2026-05-10T12:00:00Z'),
      source: 'dashboard',
      actor: 'dashboard:someone',
      status: 'partial',
      reason: 'duplicate',
    });
    const first = await insertRefund(db(), splitId, merchantId, [participantIds[1]], {
      created_at: new Date('2026-05-10T09:00:00Z'),
    });
    await insertRefund(db(), splitId, merchantId, [participantIds[1]], {
      created_at: new Date('2026-05-11T09:00:00Z'),
    });
    await insertRefund(db(), splitId, merchantId, [participantIds[1]], {
      created_at: new Date('2026-05-10T09:00:00Z'),
      mode: 'live',
    });

    const { rows } = await all(repo().refundRows({ merchantId, mode: 'test', from: '2026-05-10', to: '2026-05-10' }));
    expect(rows.map((r) => [r.refund_id, r.position, r.processor_payment_intent_id])).toEqual([
      [first, 0, 'pi_1'],
      [second, 0, 'pi_2'],
      [second, 1, 'pi_0'],
    ]);
    expect(rows[1]).toEqual({
      refund_id: second,
      split_id: splitId,
      order_reference: 'REFUND-1',
      currency: 'gbp',
      source: 'dashboard',
      actor: 'dashboard:someone',
      refund_status: 'partial',
      reason: 'duplicate',
      created_at: new Date('2026-05-10T12:00:00Z'),
      completed_at: null,
      position: 0,
      email: expect.stringContaining('@example.com'),
      amount: 2000,
      slice_customer_fee: 0,
      completes_share: true,
      slice_status: 'pending',
      processor_refund_id: null,
      application_fee_refunded: false,
      participant_customer_fee: 40,
      participant_merchant_fee: 30,
      processor_payment_intent_id: 'pi_2',
    });
  });
});
