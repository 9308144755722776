import { createCapturedSplit, emulatorControl, type Stack, startStack, waitUntil } from '@groupsplit/testing';
import { type CheckoutMerchant, createCheckoutMerchant } from '../../test-support/sessions';
import { REFUND_MESSAGES } from './request-refund';
import { ledgerOfSplit } from './test-support';

/**
 * A refund request answers within REFUND_ANSWER_WAIT_MS (shortened here to 2 s): a refund still
 * running then goes on, and the caller is told what the spec says of a refund being processed.
 */
describe('a refund slower than REFUND_ANSWER_WAIT_MS', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  beforeAll(async () => {
    stack = await startStack({ REFUND_ANSWER_WAIT_MS: 2000 });
    shop = await createCheckoutMerchant(stack);
  });
  afterEach(() => emulatorControl(stack, 'DELETE', '/faults'));
  afterAll(() => stack.stop());

  const refundsOf = (splitId: string) =>
    stack.db.selectFrom('split_refunds').select(['id', 'status']).where('split_id', '=', splitId).execute();

  it('answers 409 refund_in_progress and runs on; the same idempotency_key then answers its result', async () => {
    const split = await createCapturedSplit(stack, shop.owner.token, shop.merchant.id, [1000, 1000]);
    // The second share's processor refund takes longer than the request waits.
    await emulatorControl(stack, 'POST', '/faults', {
      operation: 'refund',
      match: { payment_intent: split.participants[1]!.paymentIntentId },
      delay_ms: 5000,
    });
    const refund = (body: Record<string, unknown>) =>
      stack.api.post(`/api/merchants/checkout/splits/${split.id}/refund`, body, { apiKey: shop.testKey });
    const body = { amount: '15.00', idempotency_key: `slow-${split.id}` };

    const first = await refund(body);
    expect(first.status).toBe(409);
    expect(first.body).toMatchObject({ error: REFUND_MESSAGES.inProgress, code: 'refund_in_progress' });

    // The refund was not abandoned: it finishes by itself, and the retry replays its result.
    await waitUntil(
      'the refund finished',
      () => refundsOf(split.id),
      (rows) => rows.length === 1 && rows[0]!.status !== 'in_progress',
    );
    const retry = await refund(body);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ refund_id: (await refundsOf(split.id))[0]!.id, refunded: '15.00' });
    expect((await ledgerOfSplit(stack, split)).map((l) => l.refunds.map((r) => r.amount))).toEqual([[750], [750]]);
  });

  it('the dashboard refund answers the same 409 while the refund runs on to refund the whole split', async () => {
    const split = await createCapturedSplit(stack, shop.owner.token, shop.merchant.id, [1000]);
    await emulatorControl(stack, 'POST', '/faults', {
      operation: 'refund',
      match: { payment_intent: split.participants[0]!.paymentIntentId },
      delay_ms: 5000,
    });
    const res = await stack.api.post(`/api/checkout-splits/${split.id}/refund`, undefined, {
      token: shop.owner.token,
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('refund_in_progress');
    await waitUntil(
      'the split refunded',
      () => stack.db.selectFrom('splits').select('status').where('id', '=', split.id).executeTakeFirstOrThrow(),
      (row) => row.status === 'refunded',
    );
  });
});
