import { createCapturedSplit, createTeam, type Stack, seedSplits, startStack } from '@groupsplit/testing';
import { type CheckoutMerchant, createApiKey, createCheckoutMerchant } from '../../test-support/sessions';
import { SERVER_SPLIT_MESSAGES } from './schema';

/**
 * The server's reads of its orders with an API key (docs/splits.md, "The server's reads"):
 * GET /api/merchants/checkout/splits and /:id answer the dashboard's list items and detail, with
 * `merchant_fee` and `net_amount`, for the key's own business and mode only.
 */
describe("the server's reads of its orders (API key)", () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  beforeAll(async () => {
    stack = await startStack();
    shop = await createCheckoutMerchant(stack);
  });
  afterAll(() => stack.stop());

  type Page = { data: Record<string, any>[]; has_more: boolean; next_cursor: string | null };
  const serverList = (apiKey: string, query = '') =>
    stack.api.get(`/api/merchants/checkout/splits${query}`, { apiKey });
  const serverDetail = (apiKey: string, id: string) =>
    stack.api.get(`/api/merchants/checkout/splits/${id}`, { apiKey });

  it('lists and fetches an order as the dashboard shows it, with its fee and what reaches the merchant', async () => {
    const split = await createCapturedSplit(stack, shop.owner.token, shop.merchant.id, [1500, 1000], {
      orderReference: 'ORDER-SERVER-READ',
    });
    const row = await stack.db
      .selectFrom('splits')
      .select(['merchant_fee_total', 'total_amount'])
      .where('id', '=', split.id)
      .executeTakeFirstOrThrow();
    // 3% of each share, rounded half up per share: 45p + 30p.
    expect(row).toEqual({ merchant_fee_total: 75, total_amount: 2500 });

    const listed = await serverList(shop.testKey, '?q=ORDER-SERVER-READ');
    expect(listed.status).toBe(200);
    const page = listed.body as Page;
    expect(page).toMatchObject({ has_more: false, next_cursor: null });
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({
      id: split.id,
      status: 'captured',
      total_amount: '25.00',
      merchant_fee: '0.75',
      net_amount: '24.25',
    });
    // The dashboard's list item, field for field.
    const dashboard = await stack.api.get('/api/checkout-splits?q=ORDER-SERVER-READ&mode=test', {
      token: shop.owner.token,
    });
    expect(dashboard.body.data).toEqual(page.data);

    const detail = await serverDetail(shop.testKey, split.id);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: split.id, merchant_fee: '0.75', net_amount: '24.25' });
    const dashboardDetail = await stack.api.get(`/api/checkout-splits/${split.id}`, { token: shop.owner.token });
    expect(detail.body).toEqual(dashboardDetail.body);

    // £10.00 back over both shares (6.00 and 4.00): no share is complete, so the fee stays.
    const partial = await stack.api.post(
      `/api/merchants/checkout/splits/${split.id}/refund`,
      { amount: '10.00', idempotency_key: `partial-${split.id}` },
      { apiKey: shop.testKey },
    );
    expect(partial.status).toBe(200);
    expect((await serverDetail(shop.testKey, split.id)).body).toMatchObject({
      status: 'partially_refunded',
      net_amount: '14.25',
    });
    // The rest back: every share complete, every fee reversed, nothing left with the merchant.
    const rest = await stack.api.post(
      `/api/merchants/checkout/splits/${split.id}/refund`,
      { idempotency_key: `rest-${split.id}` },
      { apiKey: shop.testKey },
    );
    expect(rest.status).toBe(200);
    const refunded = (await serverList(shop.testKey, '?q=ORDER-SERVER-READ')).body as Page;
    expect(refunded.data[0]).toMatchObject({ status: 'refunded', merchant_fee: '0.75', net_amount: '0.00' });
  });

  it("pages through the key's own mode only, with the list's filters, and fees on every item", async () => {
    const team = await createTeam(stack.db);
    const testKey = await createApiKey(stack.db, team.merchant.id, 'test');
    const liveKey = await createApiKey(stack.db, team.merchant.id, 'live');
    // Seeded: £20.00 with 60p of merchant fee each; modes alternate, statuses cycle.
    await seedSplits(stack.db, {
      merchantId: team.merchant.id,
      count: 12,
      modes: ['test', 'live'],
      statuses: ['pending', 'canceled'],
    });
    const ids: string[] = [];
    let page = (await serverList(testKey, '?limit=4')).body as Page;
    for (;;) {
      ids.push(...page.data.map((s) => s.id));
      for (const item of page.data) {
        expect(item.merchant_fee).toBe('0.60');
        // Seeded: modes and statuses cycle together, so the test splits are the pending ones.
        expect(item).toMatchObject({ status: 'pending', net_amount: '19.40' });
      }
      if (!page.next_cursor) break;
      page = (await serverList(testKey, `?limit=4&starting_after=${page.next_cursor}`)).body as Page;
    }
    const testIds = await stack.db
      .selectFrom('splits')
      .select('id')
      .where('merchant_id', '=', team.merchant.id)
      .where('mode', '=', 'test')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(ids).toEqual(testIds.map((r) => r.id));

    const live = (await serverList(liveKey, '?status=canceled')).body as Page;
    expect(live.data).toHaveLength(6);
    expect(live.data.every((s) => s.status === 'canceled' && s.net_amount === '0.00')).toBe(true);
    expect(((await serverList(liveKey, '?status=pending')).body as Page).data).toEqual([]);

    // A key's own mode only: `mode` naming the other one is refused.
    const otherMode = await serverList(testKey, '?mode=live');
    expect(otherMode.status).toBe(400);
    expect(otherMode.body).toMatchObject({
      error: 'Validation failed',
      code: 'validation_failed',
      details: [{ field: 'mode', message: SERVER_SPLIT_MESSAGES.mode }],
    });
    expect((await serverList(testKey, '?mode=test')).status).toBe(200);
  });

  it("answers 404 for another business's order, the other mode's, or no order at all", async () => {
    const { reference } = await seedSplits(stack.db, { merchantId: shop.merchant.id, count: 1 });
    const split = await stack.db
      .selectFrom('splits')
      .select('id')
      .where('order_reference', '=', reference(1))
      .executeTakeFirstOrThrow();
    expect((await serverDetail(shop.testKey, split.id)).status).toBe(200);
    const other = await createTeam(stack.db);
    const otherKey = await createApiKey(stack.db, other.merchant.id, 'test');
    for (const [key, id] of [
      [otherKey, split.id],
      [shop.liveKey, split.id],
      [shop.testKey, '4f1c1f1e-0000-4000-8000-000000000000'],
      [shop.testKey, 'not-a-uuid'],
    ] as const) {
      const res = await serverDetail(key, id);
      expect({ status: res.status, error: res.body.error }).toEqual({ status: 404, error: 'Not found' });
    }
  });

  it('takes an API key only, and leaves the spec’s session routes refusing a key', async () => {
    const withToken = await stack.api.get('/api/merchants/checkout/splits', { token: shop.owner.token });
    expect(withToken.status).toBe(401);
    expect(withToken.body.error).toBe('Invalid API Key');
    const noKey = await stack.api.get('/api/merchants/checkout/splits/4f1c1f1e-0000-4000-8000-000000000000');
    expect(noKey.status).toBe(401);
    // The spec's dashboard routes keep their 401 for a key.
    const sessionRoute = await stack.api.get('/api/checkout-splits', { apiKey: shop.testKey });
    expect(sessionRoute.status).toBe(401);
    expect(sessionRoute.body.error).toBe('Missing or invalid Authorization header');
  });

  it('says which API version answered, on answers and refusals alike (Groupsplit-Version)', async () => {
    const document = await stack.api.get('/api/openapi.json');
    const version = document.body.info.version as string;
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(document.headers.get('groupsplit-version')).toBe(version);
    const answers = [
      await serverList(shop.testKey),
      await serverDetail(shop.testKey, '4f1c1f1e-0000-4000-8000-000000000000'),
      await stack.api.get('/api/merchants/checkout/splits'),
      await stack.api.get('/api/no-such-route'),
    ];
    expect(answers.map((res) => [res.status, res.headers.get('groupsplit-version')])).toEqual([
      [200, version],
      [404, version],
      [401, version],
      [404, version],
    ]);
  });

  it('counts in the server operations bucket, per key', async () => {
    const key = await createApiKey(stack.db, shop.merchant.id, 'test');
    const remaining = async (call: Promise<{ headers: Headers }>) => {
      const res = await call;
      return { limit: res.headers.get('ratelimit-limit'), remaining: Number(res.headers.get('ratelimit-remaining')) };
    };
    const first = await remaining(serverList(key));
    const second = await remaining(serverDetail(key, '4f1c1f1e-0000-4000-8000-000000000000'));
    const third = await remaining(
      stack.api.post('/api/merchants/checkout/splits/4f1c1f1e-0000-4000-8000-000000000000/cancel', undefined, {
        apiKey: key,
      }),
    );
    expect([first.limit, second.limit, third.limit]).toEqual(['120', '120', '120']);
    expect([second.remaining, third.remaining]).toEqual([first.remaining - 1, first.remaining - 2]);
  });
});
