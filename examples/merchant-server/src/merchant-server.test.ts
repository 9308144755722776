import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhookPayload } from '@groupsplit/shared';
import {
  authoriseShare,
  createTestModeMerchant,
  createUser,
  type Stack,
  startStack,
  uniqueEmail,
  waitForSplitStatus,
  waitUntil,
} from '@groupsplit/testing';
import { createMerchantServer, type MerchantServer, type Order } from './index';

const TEST = { 'x-service-mode': 'test' };
// Test mode takes a return_url on the shop's own http://127.0.0.1:<port> when allowed_domain is localhost.
const SHOP_DOMAIN = 'localhost';

/**
 * The example shop against the whole stack: a business that never connected a processor (test mode),
 * the shop's cart → checkout session → the buyer's split → every share authorised → paid, then a
 * partial refund from the shop's refund button. Every change of an order's status must come from a
 * webhook the shop verified, and each of those must be an event the service really sent.
 */
describe('examples/merchant-server', () => {
  let stack: Stack;
  let server: Server;
  let shop: MerchantServer;
  let shopUrl: string;
  let team: Awaited<ReturnType<typeof createTestModeMerchant>>;
  let apiKey: string;
  let webhookSecret: string;
  const log: string[] = [];

  beforeAll(async () => {
    stack = await startStack({ ALLOW_PRIVATE_WEBHOOK_TARGETS: true });
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    shopUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    team = await createTestModeMerchant(stack);
    const token = team.owner.token;
    const settings = await stack.api.patch(
      '/api/merchants',
      { allowed_domain: SHOP_DOMAIN, webhook_url: `${shopUrl}/webhooks` },
      { token, headers: TEST },
    );
    expect(settings.status).toBe(200);
    const secret = await stack.api.post(
      '/api/merchants/credentials/rotate',
      { target: 'webhook_secret' },
      { token, headers: TEST },
    );
    webhookSecret = secret.body.value;
    const key = await stack.api.post('/api/merchants/api-keys', { name: 'Example shop' }, { token, headers: TEST });
    apiKey = key.body.key;
    expect(apiKey).toMatch(/^svc_test_/);

    shop = createMerchantServer({
      groupsplitUrl: stack.urls.gateway,
      apiKey,
      webhookSecret,
      shopUrl,
      log: (line) => log.push(line),
    });
    server.on('request', shop.app.callback());
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await stack.stop();
  });

  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual' as const,
  });

  /** A buyer's cart submitted on the shop page: the shop answers with a redirect to the hosted checkout. */
  async function placeOrder(cart: Record<string, string>) {
    const res = await fetch(`${shopUrl}/checkout`, form(cart));
    expect(res.status).toBe(303);
    const checkoutUrl = res.headers.get('location')!;
    const order = shop.orders.list().find((o) => o.checkoutUrl === checkoutUrl)!;
    expect(checkoutUrl).toBe(`${stack.urls.gateway}/checkout/${order.sessionToken}`);
    // The buyer comes back to this shop, running locally.
    const session = await stack.api.get(`/api/merchants/checkout/sessions/${order.sessionToken}/status`, {
      headers: { 'x-merchant-api-key': apiKey },
    });
    expect(session.body.return_url).toBe(`${shopUrl}/orders/${order.id}`);
    return order;
  }

  /** The buyer splits on the hosted page's endpoint, with a friend. */
  async function splitTwoWays(order: Order, buyerShare: string, friendShare: string) {
    const buyer = await createUser(stack.db, { consent: false });
    const res = await stack.api.post(
      `/api/merchants/checkout/sessions/${order.sessionToken}/split`,
      {
        mode: 'split',
        participants: [
          { email: buyer.email, amount: buyerShare },
          { email: uniqueEmail('friend'), amount: friendShare },
        ],
      },
      { token: buyer.token },
    );
    expect(res.status).toBe(201);
    return {
      splitId: res.body.split_id as string,
      payTokens: (res.body.participants as { pay_url: string }[]).map((p) => p.pay_url.split('/pay/')[1]!),
    };
  }

  const orderAfter = (order: Order, what: string, done: (order: Order) => boolean) =>
    waitUntil(what, async () => ({ ...shop.orders.get(order.id)! }), done);

  /** Each status change names a delivery the shop verified and applied, of an event the service recorded for this business. */
  async function expectHistoryFromVerifiedWebhooks(order: Order) {
    for (const change of order.history) {
      expect(shop.events.received).toContainEqual(
        expect.objectContaining({ id: change.eventId, type: change.eventType, orderId: order.id, outcome: 'applied' }),
      );
      const event = await stack.db
        .selectFrom('webhook_events')
        .select(['merchant_id', 'type', 'mode', 'sample'])
        .where('id', '=', change.eventId)
        .executeTakeFirstOrThrow();
      expect(event).toEqual({ merchant_id: team.merchant.id, type: change.eventType, mode: 'test', sample: false });
    }
  }

  it('takes an order from the cart to paid and partly refunded, moved only by verified webhooks', async () => {
    const order = await placeOrder({ lamp: '1', mug: '2' });
    expect(order).toMatchObject({ status: 'awaiting_payment', amountPence: 4000 + 1700 + 495, splitId: null });

    // The session carries the cart's lines, and was created under the order's Idempotency-Key.
    const lookup = await stack.api.get(`/api/merchants/checkout/sessions/${order.sessionToken}`);
    expect(lookup.body).toMatchObject({
      mode: 'test',
      status: 'pending',
      amount: '61.95',
      order_reference: order.reference,
      unavailable_reason: null,
      line_items: [
        { description: 'Desk lamp', amount: '40.00', quantity: 1 },
        { description: 'Enamel mug', amount: '17.00', quantity: 2 },
        { description: 'Delivery', amount: '4.95', quantity: 1 },
      ],
    });
    const idempotency = await stack.db
      .selectFrom('checkout_idempotency_keys')
      .select('idempotency_key')
      .where('merchant_id', '=', team.merchant.id)
      .execute();
    expect(idempotency.map((row) => row.idempotency_key)).toContain(`order-${order.id}`);

    const { splitId, payTokens } = await splitTwoWays(order, '31.95', '30.00');
    expect((await authoriseShare(stack, payTokens[0]!)).status).toBe(200);
    // One authorisation is news, not payment.
    const halfway = await orderAfter(order, 'the first authorisation reaching the shop', (o) => o.approvedCount === 1);
    expect(halfway).toMatchObject({ status: 'awaiting_payment', splitId, history: [] });

    expect((await authoriseShare(stack, payTokens[1]!)).status).toBe(200);
    const paid = await orderAfter(order, 'the order paid', (o) => o.status === 'paid');
    expect(paid.history.map((h) => [h.status, h.eventType])).toEqual([['paid', 'checkout_split.paid']]);
    await waitForSplitStatus(stack, splitId, ['captured']);
    await expectHistoryFromVerifiedWebhooks(paid);
    const paidEventId = paid.history[0]!.eventId;

    // Anything not signed with the secret, or signed too long ago, is refused and changes nothing.
    const refundedBody = JSON.stringify({
      id: '7d1f6b1e-8a55-4e8e-9a3c-2f5b0c9d4e21',
      type: 'checkout_split.refunded',
      created: Math.floor(Date.now() / 1000),
      mode: 'test',
      sample: false,
      metadata: { order_id: order.id },
      data: { split_id: splitId, status: 'refunded', refund: { total_refunded: '61.95' } },
    });
    const post = (header: string) =>
      fetch(`${shopUrl}/webhooks`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-service-signature': header,
          'x-service-event-id': '7d1f6b1e-8a55-4e8e-9a3c-2f5b0c9d4e21',
        },
        body: refundedBody,
      });
    const now = Math.floor(Date.now() / 1000);
    const forged = await post(signWebhookPayload('whsec_not_the_secret', refundedBody, now));
    expect([forged.status, await forged.json()]).toEqual([400, { error: 'no_matching_signature' }]);
    const replayed = await post(signWebhookPayload(webhookSecret, refundedBody, now - 3600));
    expect([replayed.status, await replayed.json()]).toEqual([400, { error: 'timestamp_out_of_tolerance' }]);
    const unsigned = await fetch(`${shopUrl}/webhooks`, { method: 'POST', body: refundedBody });
    expect([unsigned.status, await unsigned.json()]).toEqual([400, { error: 'missing_header' }]);
    expect(shop.orders.get(order.id)).toMatchObject({ status: 'paid', refundedPence: 0 });

    // A resend of the paid event (same X-Service-Event-Id) is acknowledged and ignored.
    // The service logs the attempt once the shop's 200 is back, a moment after the shop acted on it.
    const delivery = await waitUntil(
      'the paid delivery logged',
      () =>
        stack.db
          .selectFrom('webhook_deliveries')
          .select(['id', 'outcome', 'status_code'])
          .where('event_id', '=', paidEventId)
          .executeTakeFirst(),
      (row) => row !== undefined,
    );
    expect(delivery).toMatchObject({ outcome: 'succeeded', status_code: 200 });
    const resend = await stack.api.post(`/api/merchants/webhooks/deliveries/${delivery!.id}/resend`, undefined, {
      token: team.owner.token,
    });
    expect(resend.body).toMatchObject({ outcome: 'succeeded', status_code: 200, trigger: 'resend' });
    expect(shop.events.received.filter((e) => e.id === paidEventId).map((e) => e.outcome)).toEqual([
      'applied',
      'duplicate',
    ]);
    expect(shop.orders.get(order.id)!.history).toHaveLength(1);

    // The refund button: the order page's form, submitted twice (a double click), refunds once.
    const page = await (await fetch(`${shopUrl}/orders/${order.id}`)).text();
    const refundKey = /name="refund_key" value="([^"]+)"/.exec(page)![1]!;
    for (let click = 0; click < 2; click++) {
      const res = await fetch(`${shopUrl}/orders/${order.id}/refund`, form({ amount: '10.00', refund_key: refundKey }));
      expect([res.status, res.headers.get('location')]).toEqual([303, `/orders/${order.id}`]);
    }
    const refunded = await orderAfter(order, 'the refund webhook', (o) => o.status === 'partially_refunded');
    expect(refunded).toMatchObject({ refundedPence: 1000, refunds: [{ amountPence: 1000, outcome: 'accepted' }] });
    expect(refunded.history.map((h) => [h.status, h.eventType])).toEqual([
      ['paid', 'checkout_split.paid'],
      ['partially_refunded', 'checkout_split.refunded'],
    ]);
    await expectHistoryFromVerifiedWebhooks(refunded);
    const refunds = await stack.db
      .selectFrom('split_refunds')
      .select(['amount', 'idempotency_key'])
      .where('split_id', '=', splitId)
      .execute();
    expect(refunds).toEqual([{ amount: 1000, idempotency_key: `order-${order.id}-refund-${refundKey}` }]);
    expect((await waitForSplitStatus(stack, splitId, ['partially_refunded'])).status).toBe('partially_refunded');
  });

  it('marks an order canceled when the split is cancelled', async () => {
    const order = await placeOrder({ tent: '1' });
    const { splitId } = await splitTwoWays(order, '100.00', '93.95');
    const cancel = await stack.api.post(`/api/merchants/checkout/splits/${splitId}/cancel`, undefined, { apiKey });
    expect(cancel.body).toEqual({ status: 'canceled' });
    const canceled = await orderAfter(order, 'the order canceled', (o) => o.status === 'canceled');
    expect(canceled.history.map((h) => [h.status, h.eventType])).toEqual([['canceled', 'checkout_split.canceled']]);
    await expectHistoryFromVerifiedWebhooks(canceled);
    // No refund button on an order that was never paid.
    expect(await (await fetch(`${shopUrl}/orders/${order.id}`)).text()).not.toContain('refund_key');
  });

  it('accept before capture: an authorised order waits for the shop, which accepts one and declines another', async () => {
    shop.settings.acceptBeforeCapture = true;
    try {
      const authorisedOrder = async () => {
        const order = await placeOrder({ mug: '1' });
        const status = await stack.api.get(`/api/merchants/checkout/sessions/${order.sessionToken}/status`, {
          headers: { 'x-merchant-api-key': apiKey },
        });
        expect(status.body.capture).toBe('merchant_accept');
        const { splitId, payTokens } = await splitTwoWays(order, '7.45', '6.00');
        for (const payToken of payTokens) expect((await authoriseShare(stack, payToken)).status).toBe(200);
        const waiting = await orderAfter(order, 'the order waiting', (o) => o.status === 'awaiting_acceptance');
        expect(waiting.history.map((h) => [h.status, h.eventType])).toEqual([
          ['awaiting_acceptance', 'checkout_split.authorised'],
        ]);
        expect(await (await fetch(`${shopUrl}/orders/${order.id}`)).text()).toContain('Accept and capture');
        return { order, splitId };
      };

      const accepted = await authorisedOrder();
      const accept = await fetch(`${shopUrl}/orders/${accepted.order.id}/accept`, form({}));
      expect([accept.status, accept.headers.get('location')]).toEqual([303, `/orders/${accepted.order.id}`]);
      const paid = await orderAfter(accepted.order, 'the accepted order paid', (o) => o.status === 'paid');
      expect(paid.decision).toEqual({ decision: 'accept', outcome: 'captured', message: null });
      expect(paid.history.map((h) => h.eventType)).toEqual(['checkout_split.authorised', 'checkout_split.paid']);
      await expectHistoryFromVerifiedWebhooks(paid);
      await waitForSplitStatus(stack, accepted.splitId, ['captured']);
      // Accepted already: a second click is refused by the API and shown, changing nothing.
      await fetch(`${shopUrl}/orders/${accepted.order.id}/accept`, form({}));
      expect(shop.orders.get(accepted.order.id)!.decision).toEqual({
        decision: 'accept',
        outcome: 'refused',
        message: 'This order is not waiting for your acceptance.',
      });

      const declined = await authorisedOrder();
      await fetch(`${shopUrl}/orders/${declined.order.id}/decline`, form({}));
      const canceled = await orderAfter(declined.order, 'the declined order canceled', (o) => o.status === 'canceled');
      expect(canceled.history.map((h) => h.eventType)).toEqual([
        'checkout_split.authorised',
        'checkout_split.canceled',
      ]);
      await expectHistoryFromVerifiedWebhooks(canceled);
      await waitForSplitStatus(stack, declined.splitId, ['canceled']);
    } finally {
      shop.settings.acceptBeforeCapture = false;
    }
  });

  it('refuses an empty cart without creating a session', async () => {
    const before = shop.orders.list().length;
    const res = await fetch(`${shopUrl}/checkout`, form({ lamp: '0' }));
    expect(res.status).toBe(400);
    expect(shop.orders.list()).toHaveLength(before);
  });
});
