import { randomUUID } from 'node:crypto';
import { SplitRefundsRepository } from './split-refunds';
import { useTestDb } from './test-support/db';
import { startBlocked } from './test-support/locks';
import { insertMerchant, insertRefund, insertSplit, refundRow, sliceRow } from './test-support/rows';

/** SplitRefundsRepository (the worker's refund and dispute writes) against the run's migrated Postgres database alone. */
const db = useTestDb();
const repo = () => new SplitRefundsRepository(db());
let merchantId: string;
beforeAll(async () => {
  merchantId = await insertMerchant(db());
});
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
const slice = async (refundId: string, participantId: string) =>
  (await repo().slicesOf(refundId)).find((s) => s.participant_id === participantId);

describe('SplitRefundsRepository', () => {
  it('begins a refund with its slices, and reads the slices’ participants in slice order', async () => {
    const { splitId, participantIds } = await insertSplit(db(), merchantId, { participants: 3 });
    const refund = refundRow(splitId, merchantId, { amount: 3000 });
    const refundId = refund.id as string;
    await repo().begin(refund, [
      sliceRow(refundId, participantIds[2], 0, { amount: 1000, completes_share: false }),
      sliceRow(refundId, participantIds[0], 1, { amount: 2000, customer_fee: 60 }),
    ]);
    expect(await repo().findRefund(refundId)).toMatchObject({
      id: refundId,
      amount: 3000,
      refunded: 0,
      status: 'in_progress',
    });
    expect(await repo().sliceParticipants(refundId)).toEqual([participantIds[2], participantIds[0]]);
    expect(await slice(refundId, participantIds[0])).toMatchObject({
      amount: 2000,
      customer_fee: 60,
      completes_share: true,
      status: 'pending',
      application_fee_refunded: false,
    });
    expect(await repo().sliceParticipants(randomUUID())).toEqual([]);
    await expect(repo().findRefund(randomUUID())).rejects.toThrow();

    // A refund without slices (nothing left to return) is still recorded.
    const empty = refundRow(splitId, merchantId, { amount: 0 });
    await repo().begin(empty, []);
    expect(await repo().slicesOf(empty.id as string)).toEqual([]);
  });

  it('reads a slice with what its processor refund needs (and a refusal already recorded), only within its split', async () => {
    const { splitId, participantIds } = await insertSplit(db(), merchantId, {
      split: { mode: 'live', processor_account_id: 'acct_refunds' },
      participant: () => ({ processor_payment_intent_id: `pi_${randomUUID()}` }),
    });
    const refundId = await insertRefund(db(), splitId, merchantId, [participantIds[1]]);
    expect(await repo().sliceToRefund(splitId, refundId, participantIds[1])).toEqual({
      amount: 2000,
      customer_fee: 0,
      completes_share: true,
      status: 'pending',
      error: null,
      failure: null,
      application_fee_refunded: false,
      share_amount: 2000,
      email: expect.stringContaining('@example.com'),
      processor_payment_intent_id: expect.stringMatching(/^pi_/),
      mode: 'live',
      processor_account_id: 'acct_refunds',
    });
    expect(await repo().sliceToRefund(splitId, refundId, participantIds[0])).toBeUndefined();
    const other = await insertSplit(db(), merchantId);
    expect(await repo().sliceToRefund(other.splitId, refundId, participantIds[1])).toBeUndefined();
  });

  it('moves a pending slice to succeeded once, or to failed with the failure on the refund', async () => {
    const { splitId, participantIds } = await insertSplit(db(), merchantId);
    const refundId = await insertRefund(db(), splitId, merchantId, participantIds);
    const [made, refused] = participantIds;
    const processorRefundId = `re_${randomUUID()}`;
    expect(await repo().succeedSlice(refundId, made, processorRefundId)).toBe(true);
    expect(await repo().succeedSlice(refundId, made, `re_${randomUUID()}`)).toBe(false);
    expect(await slice(refundId, made)).toMatchObject({ status: 'succeeded', processor_refund_id: processorRefundId });

    const failure = {
      participant_id: refused,
      email: 'x@example.com',
      amount: 2000,
      error: 'expired card',
      code: 'expired_card',
    };
    await repo().failSlice(refundId, refused, failure);
    expect(await slice(refundId, refused)).toMatchObject({ status: 'failed', error: 'expired card' });
    expect((await repo().findRefund(refundId)).failure).toEqual(failure);
    // A retried refusal reads back what was recorded, message and code, instead of asking the processor again.
    expect(await repo().sliceToRefund(splitId, refundId, refused)).toMatchObject({
      status: 'failed',
      error: 'expired card',
      failure,
    });
    // A failed slice is not made afterwards, and a succeeded one is not failed.
    expect(await repo().succeedSlice(refundId, refused, `re_${randomUUID()}`)).toBe(false);
    await repo().failSlice(refundId, made, failure);
    expect(await slice(refundId, made)).toMatchObject({ status: 'succeeded', error: null });
  });

  it('finishes a refund with what came back and the result it replays; sets a result later', async () => {
    const { splitId, participantIds } = await insertSplit(db(), merchantId);
    const refundId = await insertRefund(db(), splitId, merchantId, participantIds);
    await repo().finish(refundId, { refunded: 1500, status: 'partial', result: { id: refundId, refunded: 1500 } });
    expect(await repo().findRefund(refundId)).toMatchObject({
      refunded: 1500,
      status: 'partial',
      result: { id: refundId, refunded: 1500 },
      completed_at: expect.any(Date),
    });
    await repo().setResult(refundId, { replay: true });
    expect(await repo().findRefund(refundId)).toMatchObject({ result: { replay: true }, status: 'partial' });
  });

  it('knows a participant’s processor refunds and whether the fee went back, across refunds', async () => {
    const { splitId, participantIds } = await insertSplit(db(), merchantId);
    const [id, other] = participantIds;
    const apiRefund = await insertRefund(db(), splitId, merchantId, [id], { created_at: at(1) });
    const olderDashboard = await insertRefund(db(), splitId, merchantId, [id], {
      source: 'processor',
      created_at: at(2),
    });
    const newerDashboard = await insertRefund(db(), splitId, merchantId, [id], {
      source: 'processor',
      created_at: at(3),
    });
    await insertRefund(db(), splitId, merchantId, [other], { source: 'processor', created_at: at(4) });
    expect(await repo().processorRefundIds(id)).toEqual(new Set());
    await repo().succeedSlice(apiRefund, id, 're_a');
    await repo().succeedSlice(olderDashboard, id, 're_b');
    expect(await repo().processorRefundIds(id)).toEqual(new Set(['re_a', 're_b']));

    expect(await repo().lastProcessorRefundSlice(id)).toEqual({
      refund_id: newerDashboard,
      application_fee_refunded: false,
    });
    expect(await repo().feeReversed(id)).toBe(false);
    await repo().markFeeReversed(olderDashboard, id);
    expect(await repo().feeReversed(id)).toBe(true);
    expect(await repo().feeReversed(other)).toBe(false);
    expect(await repo().lastProcessorRefundSlice(randomUUID())).toBeUndefined();
  });

  it('locks a refund row until the transaction ends', async () => {
    const { splitId, participantIds } = await insertSplit(db(), merchantId);
    const refundId = await insertRefund(db(), splitId, merchantId, participantIds);
    const queued = await db()
      .transaction()
      .execute(async (trx) => {
        expect(await new SplitRefundsRepository(trx).lockRefund(refundId)).toMatchObject({ id: refundId });
        const waiting = await startBlocked(db(), (other) => new SplitRefundsRepository(other).lockRefund(refundId));
        await new SplitRefundsRepository(trx).finish(refundId, { refunded: 4000, status: 'complete', result: {} });
        return waiting;
      });
    expect(await queued.done).toMatchObject({ status: 'complete', refunded: 4000 });
    await expect(repo().lockRefund(randomUUID())).rejects.toThrow();
  });

  it('records a dispute once per processor dispute id', async () => {
    const {
      splitId,
      participantIds: [id],
    } = await insertSplit(db(), merchantId);
    const disputeId = `dp_${randomUUID()}`;
    const dispute = {
      id: disputeId,
      split_id: splitId,
      participant_id: id,
      mode: 'test' as const,
      amount: 2000,
      reason: 'fraudulent',
      processor_status: 'needs_response',
    };
    await repo().recordDispute(dispute);
    await repo().recordDispute({ ...dispute, processor_status: 'won' });
    expect(
      await db()
        .selectFrom('split_disputes')
        .select(['id', 'processor_status'])
        .where('split_id', '=', splitId)
        .execute(),
    ).toEqual([{ id: disputeId, processor_status: 'needs_response' }]);
  });
});
