import {
  authoriseShare,
  mailTo,
  type Stack,
  type TestUser,
  uniqueEmail,
  waitForMail,
  waitForSplitStatus,
} from '@groupsplit/testing';
import {
  type CheckoutMerchant,
  createCheckoutMerchant,
  payTokenOf,
  poll,
  sessionWithSplit,
  startCheckoutStack,
} from '../checkout-sessions/test-support';

describe('POST /api/merchants/checkout/splits/:id/cancel (API key)', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  let buyer: TestUser;
  beforeAll(async () => {
    ({ stack, shop, buyer } = await startCheckoutStack());
  });
  afterAll(() => stack.stop());

  const cancel = (splitId: string, apiKey = shop.testKey) =>
    stack.api.post(`/api/merchants/checkout/splits/${splitId}/cancel`, undefined, { apiKey });

  const threeWay = () => {
    const friends = [uniqueEmail('f'), uniqueEmail('f')];
    return sessionWithSplit(
      stack,
      shop.testKey,
      buyer.token,
      {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: 10 },
          { email: friends[0], amount: 10 },
          { email: friends[1], amount: 10 },
        ],
      },
      { amount: 30, order_reference: 'ORD-CANCEL' },
    );
  };

  it('cancels a pending split, e-mails every payer, and answers the same when repeated', async () => {
    const { splitId, participants, token } = await threeWay();
    const res = await cancel(splitId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'canceled' });
    const row = await waitForSplitStatus(stack, splitId, ['canceled']);
    expect(row.status).toBe('canceled');
    for (const p of participants) {
      const mail = await waitForMail(p.email, { subject: 'was cancelled' });
      expect(mail.Subject).toContain('ORD-CANCEL');
      expect(mail.Text).toContain(`£${p.amount}`);
    }
    const again = await cancel(splitId);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: 'canceled' });
    // Still one notice each: the repeat changed nothing.
    const buyerNotices = (await mailTo(buyer.email)).filter(
      (m) => m.Subject.includes('ORD-CANCEL') && m.Subject.includes('cancelled'),
    );
    expect(buyerNotices).toHaveLength(1);

    const event = await poll(
      () =>
        stack.db
          .selectFrom('webhook_events')
          .selectAll()
          .where('type', '=', 'checkout_split.canceled')
          .where('merchant_id', '=', shop.merchant.id)
          .execute(),
      (rows) => rows.some((r) => (r.payload as { split_id?: string }).split_id === splitId),
    );
    expect(event.length).toBeGreaterThan(0);
    const status = await stack.api.get(`/api/merchants/checkout/sessions/${token}/status`, { apiKey: shop.testKey });
    expect(status.body.status).toBe('canceled');
    expect(status.body.split.status).toBe('canceled');
    expect(status.body.participants.map((p: { status: string }) => p.status)).toEqual([
      'canceled',
      'canceled',
      'canceled',
    ]);
  });

  it('answers 409 not_pending with the status for a paid split', async () => {
    const { splitId, participants } = await sessionWithSplit(
      stack,
      shop.testKey,
      buyer.token,
      { mode: 'alone' },
      { amount: 15 },
    );
    expect((await authoriseShare(stack, payTokenOf(participants[0]!.pay_url))).status).toBeLessThan(300);
    await waitForSplitStatus(stack, splitId, ['captured']);
    const res = await cancel(splitId);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'not_pending', status: 'captured' });
  });

  it("answers 404 for another merchant's split, the other mode's key, and unknown ids", async () => {
    const { splitId } = await sessionWithSplit(stack, shop.testKey, buyer.token, { mode: 'alone' }, { amount: 5 });
    const other = await createCheckoutMerchant(stack);
    expect((await cancel(splitId, other.testKey)).status).toBe(404);
    expect((await cancel(splitId, shop.liveKey)).status).toBe(404);
    expect((await cancel('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await cancel('not-a-uuid')).status).toBe(404);
    const none = await stack.api.post(`/api/merchants/checkout/splits/${splitId}/cancel`);
    expect(none.status).toBe(401);
    expect(none.body.error).toBe('Invalid API Key');
    // None of those touched it.
    expect(
      (await stack.db.selectFrom('splits').select('status').where('id', '=', splitId).executeTakeFirstOrThrow()).status,
    ).toBe('pending');
  });
});
