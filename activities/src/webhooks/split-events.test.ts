import { randomToken, verifyWebhookSignature } from '@groupsplit/shared';
import {
  authoriseShare,
  configureWebhooks,
  createSplitReadyMerchant,
  postSplit,
  type SplitReadyMerchant,
  type Stack,
  startStack,
  startWebhookReceiver,
  uniqueEmail,
  type WebhookReceiver,
  waitForSplitStatus,
} from '@groupsplit/testing';
import { webhookSweepWorkflow } from '@groupsplit/workflows';

/**
 * The split workflow's real events reaching a merchant endpoint. The activities
 * dispatch each event as soon as the transaction that recorded it commits; no sweep runs here.
 */
describe('split lifecycle events delivered to the merchant', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;
  let endpoint: WebhookReceiver;
  const secret = `whsec_${randomToken(24)}`;

  beforeAll(async () => {
    stack = await startStack({ WEBHOOK_RETRY_TIME_SCALE: 100_000 });
    endpoint = await startWebhookReceiver();
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
    await configureWebhooks(stack, shop.merchant.id, 'test', endpoint.url, secret);
  });
  afterAll(async () => {
    await endpoint.close();
    await stack.stop();
  });

  const sweep = () =>
    stack.temporal.client.workflow.execute(webhookSweepWorkflow, {
      workflowId: `webhook-sweep-test:${randomToken(8)}`,
      taskQueue: stack.config.TEMPORAL_TASK_QUEUE,
      args: [{ olderThanMs: 0, merchantId: shop.merchant.id }],
    });

  const forSplit = (splitId: string) => endpoint.received.filter((r) => r.body?.data?.split_id === splitId);

  async function createSplit(amounts: number[]) {
    const res = await postSplit(stack, shop.owner.token, {
      merchantId: shop.merchant.id,
      orderReference: `ORD-${randomToken(4)}`,
      participants: amounts.map((amountMinor) => ({ email: uniqueEmail('payer'), amountMinor })),
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; participants: { id: string; payToken: string }[] };
  }

  it('every authorisation and the payment arrive signed, with the split’s data', async () => {
    const split = await createSplit([1000, 2500]);
    for (const p of split.participants) expect((await authoriseShare(stack, p.payToken)).status).toBe(200);
    await waitForSplitStatus(stack, split.id, ['captured']);

    await endpoint.waitFor(() => forSplit(split.id).length >= 3);
    const mine = forSplit(split.id);
    expect(mine.map((r) => r.body.type).sort()).toEqual([
      'checkout_split.paid',
      'checkout_split.participant_authorised',
      'checkout_split.participant_authorised',
    ]);
    for (const request of mine) {
      const header = request.headers['x-service-signature'] as string;
      expect(verifyWebhookSignature({ rawBody: request.rawBody, header, secret }).ok).toBe(true);
      expect(request.headers['x-service-event-id']).toBe(request.body.id);
      expect(request.body).toMatchObject({ mode: 'test', sample: false });
    }
    // Each participant_authorised lists the split as it stood once that participant was authorised.
    const authorised = mine
      .filter((r) => r.body.type === 'checkout_split.participant_authorised')
      .map((r) => r.body.data)
      .sort((a, b) => a.approved_count - b.approved_count);
    expect(authorised.map((data) => [data.status, data.approved_count, data.total_count])).toEqual([
      ['pending', 1, 2],
      ['pending', 2, 2],
    ]);
    for (const data of authorised) {
      expect(data.participant).toMatchObject({ status: 'authorised', refunded_amount: '0.00' });
      const listed = data.participants.find((p: { id: string }) => p.id === data.participant.id);
      expect(listed).toEqual(data.participant);
    }
    expect(authorised.map((data) => data.participant.id).sort()).toEqual(split.participants.map((p) => p.id).sort());
    const paid = mine.find((r) => r.body.type === 'checkout_split.paid')!;
    expect(paid.body.data).toMatchObject({
      split_id: split.id,
      status: 'captured',
      total_amount: '35.00',
      session_token: null,
      customer_email: null,
      customer_name: null,
      metadata: null,
    });
  });

  it('leaves nothing for the outbox sweeper, which only backs up the immediate dispatch', async () => {
    const split = await createSplit([1200, 1300]);
    for (const p of split.participants) expect((await authoriseShare(stack, p.payToken)).status).toBe(200);
    await waitForSplitStatus(stack, split.id, ['captured']);
    await endpoint.waitFor(() => forSplit(split.id).length >= 3);
    expect((await sweep()).dispatched).toBe(0);
  });

  it('the merchant’s own cancel arrives as checkout_split.canceled', async () => {
    const split = await createSplit([1500, 1500]);
    const res = await stack.api.post(`/api/checkout-splits/${split.id}/cancel`, undefined, {
      token: shop.owner.token,
    });
    expect(res.status).toBe(200);
    await waitForSplitStatus(stack, split.id, ['canceled']);
    await endpoint.waitFor(() => forSplit(split.id).length >= 1);
    const [canceled] = forSplit(split.id);
    expect(canceled!.body).toMatchObject({
      type: 'checkout_split.canceled',
      data: { split_id: split.id, status: 'canceled' },
    });
  });
});
