import { apiKeyRecordFields, generateApiKey } from '@groupsplit/shared';
import {
  createCapturedSplit,
  createSplitReadyMerchant,
  emulatorControl,
  type Stack,
  splitLedger,
  startStack,
  waitUntil,
} from '@groupsplit/testing';

/**
 * A refund on a slow processor finishes (refunds/workflow.ts, PROCESSOR_ATTEMPT_TIMEOUT). Every
 * processor call here answers after 25 s, inside the processor client's 30 s, so each call succeeds.
 * The slice that completes a share after an earlier partial refund makes three calls in one attempt
 * (the refund, the hold, the rest of the fee): 75 s. With an attempt cut at 45 s every attempt was
 * killed part-way (from the second on, the hold and the fee, 50 s) and the refund stayed `in_progress`
 * for all twelve attempts, about ten minutes, the caller told 409 `refund_in_progress` throughout.
 */
describe('a refund while every processor call is slow', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ REFUND_ANSWER_WAIT_MS: 2000 });
  });
  afterAll(async () => {
    await emulatorControl(stack, 'POST', '/config', { latency_ms: 0 });
    await stack.stop();
  });

  const LATENCY_MS = 25_000;

  it('the slice that completes a share finishes, fee reversed, instead of staying in progress', async () => {
    expect(LATENCY_MS).toBeLessThan(stack.config.STRIPE_TIMEOUT_MS);
    const shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
    const apiKey = generateApiKey('test');
    await stack.db
      .insertInto('api_keys')
      .values({ merchant_id: shop.merchant.id, name: 'test key', mode: 'test', ...apiKeyRecordFields(apiKey) })
      .execute();
    const split = await createCapturedSplit(stack, shop.owner.token, shop.merchant.id, [1000]);
    const refund = (body: Record<string, unknown>) =>
      stack.api.post(`/api/merchants/checkout/splits/${split.id}/refund`, body, { apiKey });
    const refundsOf = () =>
      stack.db
        .selectFrom('split_refunds')
        .select(['id', 'status', 'refunded', 'idempotency_key'])
        .where('split_id', '=', split.id)
        .execute();

    // Part of the share at full speed: the fee stays until the share is complete.
    const first = await refund({ amount: '4.00', idempotency_key: `part-${split.id}` });
    expect(first.status).toBe(200);

    await emulatorControl(stack, 'POST', '/config', { latency_ms: LATENCY_MS });
    try {
      const rest = await refund({ idempotency_key: `rest-${split.id}` });
      expect(rest.status).toBe(409);
      expect(rest.body).toMatchObject({ code: 'refund_in_progress' });
      // One attempt's three calls take 75 s; a few seconds of the worker's own work on top.
      const rows = await waitUntil(
        'the remainder refund finished',
        refundsOf,
        (all) => all.length === 2 && all.every((r) => r.status !== 'in_progress'),
        150_000,
      );
      expect(rows.find((r) => r.idempotency_key === `rest-${split.id}`)).toMatchObject({
        status: 'complete',
        refunded: 600,
      });
    } finally {
      await emulatorControl(stack, 'POST', '/config', { latency_ms: 0 });
    }
    const participant = await stack.db
      .selectFrom('split_participants')
      .select(['status', 'refunded_amount'])
      .where('split_id', '=', split.id)
      .executeTakeFirstOrThrow();
    expect(participant).toMatchObject({ status: 'refunded', refunded_amount: 1000 });
    // The processor has the whole share back and the service's fee reversed in full.
    const [charge] = (await splitLedger(stack, split.id)) as unknown as {
      amount_refunded: number;
      application_fee_collected: number;
      application_fee_refunded: number;
    }[];
    expect(charge!.amount_refunded).toBeGreaterThanOrEqual(1000);
    expect(charge!.application_fee_refunded).toBe(charge!.application_fee_collected);
  }, 240_000);
});
