import { randomUUID } from 'node:crypto';
import { createLogger } from '@groupsplit/shared';
import { createCapturedSplit, splitStackForTests } from '@groupsplit/testing';
import type { RefundWorkflowInput } from '@groupsplit/workflows';
import { createRefundRunActivities } from './refunds';

/**
 * `beginRefund` run again after an attempt that committed but whose worker died before reporting
 * it (a worker killed mid-attempt): the retry must carry on with the refund it wrote, not take it
 * for another refund with the same idempotency key (which left the refund `in_progress` for ever),
 * nor write it a second time.
 */
describe('beginRefund, tried again after it committed', () => {
  const ready = splitStackForTests();
  const activities = () =>
    createRefundRunActivities({
      config: ready.stack.config,
      db: ready.stack.db,
      logger: createLogger('test', 'silent'),
    });

  async function capturedSplitAndRequest(idempotencyKey: string | null): Promise<RefundWorkflowInput> {
    const { stack, shop } = ready;
    const split = await createCapturedSplit(stack, shop.owner.token, shop.merchant.id, [1000, 1000]);
    return {
      splitId: split.id,
      refundId: randomUUID(),
      source: idempotencyKey ? 'api' : 'dashboard',
      actor: idempotencyKey ? 'api_key' : 'dashboard:user',
      actorDetail: idempotencyKey ? 'api_key:test' : `user:${shop.owner.id}`,
      amount: idempotencyKey ? 500 : null,
      reason: null,
      idempotencyKey,
      expectedRefunded: 0,
    };
  }

  const refundRows = (splitId: string) =>
    ready.stack.db.selectFrom('split_refunds').select(['id', 'status']).where('split_id', '=', splitId).execute();

  it.each([
    ['an API refund with an idempotency key', `key-${randomUUID()}`],
    ['a dashboard refund without one', null],
  ])('%s carries on with the slices it wrote', async (_name, key) => {
    const input = await capturedSplitAndRequest(key);
    const first = await activities().beginRefund(input);
    expect(first).toMatchObject({ kind: 'started' });
    expect(await activities().beginRefund(input)).toEqual(first);
    expect(await refundRows(input.splitId)).toEqual([{ id: input.refundId, status: 'in_progress' }]);
  });

  it('another refund with the same idempotency key is still answered as the existing one', async () => {
    const input = await capturedSplitAndRequest(`key-${randomUUID()}`);
    await activities().beginRefund(input);
    const retry = { ...input, refundId: randomUUID() };
    expect(await activities().beginRefund(retry)).toEqual({ kind: 'existing', refundId: input.refundId });
  });
});
