import { addBillingCard, type Stack } from '@groupsplit/testing';
import { sql } from 'kysely';
import {
  CANCEL_URL,
  type CheckoutMerchant,
  createApiKey,
  createCheckoutMerchant,
  createSession,
  createUnconnectedMerchant,
  newSession,
  RETURN_URL,
  sessionBody,
  startCheckoutStack,
} from '../../test-support/sessions';

const AMOUNT_MESSAGE = 'amount must be between £1 and £5000';
const RETURN_MESSAGE = 'return_url must be https and match your allowed return domain';
const CANCEL_MESSAGE = 'cancel_url must be https and match your allowed return domain';

describe('POST /api/merchants/checkout/sessions', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  beforeAll(async () => {
    ({ stack, shop } = await startCheckoutStack());
  });
  afterAll(() => stack.stop());

  it('creates a session: 201 { token, checkout_url, status, expires_at, amount, currency }, valid for 2 hours', async () => {
    const before = Date.now();
    const res = await createSession(stack, shop.testKey, sessionBody({ amount: 120 }));
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([
      'amount',
      'checkout_url',
      'currency',
      'expires_at',
      'status',
      'token',
    ]);
    expect(res.body).toMatchObject({ status: 'pending', amount: '120.00', currency: 'gbp' });
    // 32 random bytes in base64url: well over the 128 bits a bearer-style secret needs.
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.checkout_url).toBe(`${stack.config.PUBLIC_BASE_URL}/checkout/${res.body.token}`);
    const row = await stack.db
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('token', '=', res.body.token)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ amount: 12000, currency: 'gbp', order_reference: 'Order', mode: 'test' });
    expect(res.body.expires_at).toBe(row.expires_at.toISOString());
    const ttl = row.expires_at.getTime() - before;
    expect(ttl).toBeGreaterThanOrEqual(2 * 3600_000 - 1000);
    expect(ttl).toBeLessThanOrEqual(2 * 3600_000 + 5000);
  });

  it('needs an API key: 401 Invalid API Key without one or with a bad one', async () => {
    const none = await stack.api.post('/api/merchants/checkout/sessions', sessionBody());
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ error: 'Invalid API Key', code: 'invalid_api_key' });
    const bad = await createSession(stack, `svc_test_${'x'.repeat(40)}`);
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('Invalid API Key');
  });

  it.each([
    ['below £1', 0.99],
    ['above £5000', 5000.01],
    ['zero', 0],
    ['negative', -5],
    ['a word', 'twenty'],
    ['a boolean', true],
    ['null', null],
    ['an object', { value: 10 }],
  ])('refuses an amount that is %s with 400 `amount must be between £1 and £5000`', async (_label, amount) => {
    const res = await createSession(stack, shop.testKey, sessionBody({ amount }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(AMOUNT_MESSAGE);
  });

  it.each([
    ['an array', [sessionBody()]],
    ['a JSON string', '"amount=60"'],
  ])('refuses a body that is %s with 400 and a clear message, creating nothing', async (_label, body) => {
    // This merchant's sessions only: the test database is shared with the other test files running meanwhile.
    const sessionsOfShop = () =>
      stack.db
        .selectFrom('checkout_sessions')
        .select(stack.db.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', shop.merchant.id)
        .executeTakeFirstOrThrow();
    const before = await sessionsOfShop();
    const res = await createSession(stack, shop.testKey, body as unknown as Record<string, unknown>);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'The request body must be a JSON object', code: 'validation_failed' });
    expect((await sessionsOfShop()).n).toBe(before.n);
  });

  it.each([10.005, '5.001', '12.3456'])(
    'refuses amount %p, in range but with more than two decimals, saying so',
    async (amount) => {
      const res = await createSession(stack, shop.testKey, sessionBody({ amount }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'amount must have at most two decimal places',
        code: 'validation_failed',
        details: [{ field: 'amount', message: 'amount must have at most two decimal places' }],
      });
    },
  );

  it('refuses a missing amount saying it is required', async () => {
    const res = await createSession(stack, shop.testKey, { return_url: RETURN_URL });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'amount is required',
      code: 'validation_failed',
      details: [{ field: 'amount', message: 'amount is required' }],
    });
  });

  it('refuses an unknown field, suggesting the field it is closest to', async () => {
    const misspelt = await createSession(stack, shop.testKey, { amount: 10, retrun_url: RETURN_URL });
    expect(misspelt.status).toBe(400);
    expect(misspelt.body).toMatchObject({
      error: 'Validation failed',
      code: 'validation_failed',
      details: [{ field: 'retrun_url', message: 'Unknown field retrun_url. Did you mean return_url?' }],
    });
    const nested = await createSession(
      stack,
      shop.testKey,
      sessionBody({ returnUrl: RETURN_URL, line_items: [{ description: 'Lamp', amount: 10, qty: 1, colour: 'red' }] }),
    );
    expect(nested.body.details).toEqual([
      { field: 'returnUrl', message: 'Unknown field returnUrl. Did you mean return_url?' },
      { field: 'line_items.0.qty', message: 'Unknown field qty.' },
      { field: 'line_items.0.colour', message: 'Unknown field colour.' },
    ]);
    // Every field the spec lists is known, null included ("not sent").
    const full = await createSession(
      stack,
      shop.testKey,
      sessionBody({
        amount: 10,
        order_reference: 'A-1',
        cancel_url: null,
        currency: 'gbp',
        line_items: [{ description: 'Lamp', amount: 10, quantity: 1, image_url: null }],
        customer_email: 'a@example.com',
        customer_name: 'A',
        metadata: { order_id: '1' },
      }),
    );
    expect(full.body).toMatchObject({ status: 'pending', amount: '10.00' });
  });

  it.each([1, 5000, '12.5', 19.99])('accepts amount %p (inclusive bounds, decimal strings)', async (amount) => {
    const res = await createSession(stack, shop.testKey, sessionBody({ amount }));
    expect(res.status).toBe(201);
  });

  it('accepts gbp in any case and refuses every other currency', async () => {
    expect((await createSession(stack, shop.testKey, sessionBody({ currency: 'GBP' }))).status).toBe(201);
    for (const currency of ['usd', 'eur', '', 42]) {
      const res = await createSession(stack, shop.testKey, sessionBody({ currency }));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Only gbp is supported');
    }
  });

  it.each([
    ['plain http', 'http://shop.example.com/thanks'],
    ['a subdomain', 'https://www.shop.example.com/thanks'],
    ['a parent domain', 'https://example.com/thanks'],
    ['another host', 'https://evil.example/thanks'],
    ['a lookalike suffix', 'https://shop.example.com.evil.example/'],
    ['not a URL', 'shop.example.com/thanks'],
    ['javascript:', 'javascript:alert(1)'],
  ])('refuses a return_url on %s', async (_label, url) => {
    const res = await createSession(stack, shop.testKey, sessionBody({ return_url: url }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(RETURN_MESSAGE);
  });

  it('matches the hostname ignoring case and ignores path, port and query', async () => {
    for (const url of [
      'https://SHOP.Example.COM/x',
      'https://shop.example.com:8443/a/b?c=d#e',
      'https://shop.example.com',
    ]) {
      const res = await createSession(stack, shop.testKey, sessionBody({ return_url: url }));
      expect(res.status).toBe(201);
    }
  });

  it('accepts an allowed_domain stored in any case, padded or with a trailing dot, and a refusal stores nothing', async () => {
    // Plain domains are checked by the insert itself; the others take the checks-then-insert path.
    for (const allowedDomain of ['Shop.Example.com', 'shop.example.com.', '  shop.example.com ', 'SHOP.EXAMPLE.COM.']) {
      const merchant = await createCheckoutMerchant(stack, { allowedDomain });
      const ok = await createSession(
        stack,
        merchant.testKey,
        sessionBody({ return_url: 'https://shop.example.com./x', cancel_url: CANCEL_URL }),
      );
      expect({ allowedDomain, status: ok.status }).toEqual({ allowedDomain, status: 201 });
      const refused = await createSession(
        stack,
        merchant.testKey,
        sessionBody({ cancel_url: 'https://other.example.com/' }),
      );
      expect(refused.body.error).toBe(CANCEL_MESSAGE);
      const rows = await stack.db
        .selectFrom('checkout_sessions')
        .select('token')
        .where('merchant_id', '=', merchant.merchant.id)
        .execute();
      expect(rows.map((row) => row.token)).toEqual([ok.body.token]);
    }
  });

  it('refuses a missing return_url saying it is required', async () => {
    const res = await createSession(stack, shop.testKey, { amount: 10 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'return_url is required',
      code: 'validation_failed',
      details: [{ field: 'return_url', message: 'return_url is required' }],
    });
  });

  it('takes local return and cancel URLs on any port in test mode when allowed_domain is localhost, never live', async () => {
    const local = await createCheckoutMerchant(stack, { allowedDomain: 'localhost' });
    for (const url of [
      'http://localhost:4000/orders/1',
      'http://127.0.0.1:8080/',
      'http://[::1]:3001/x',
      'https://localhost/',
    ]) {
      const res = await createSession(stack, local.testKey, sessionBody({ return_url: url, cancel_url: url }));
      expect({ url, status: res.status }).toEqual({ url, status: 201 });
    }
    const live = await createSession(stack, local.liveKey, sessionBody({ return_url: 'http://localhost:4000/' }));
    expect(live.body).toMatchObject({ error: RETURN_MESSAGE, code: 'invalid_return_url' });
    // Only for an allowed_domain of localhost, and only loopback hosts.
    const other = await createSession(stack, shop.testKey, sessionBody({ return_url: 'http://localhost:4000/' }));
    expect(other.body.error).toBe(RETURN_MESSAGE);
    const lan = await createSession(
      stack,
      local.testKey,
      sessionBody({ return_url: 'http://localhost:4000/', cancel_url: 'http://192.168.1.2/' }),
    );
    expect(lan.body).toMatchObject({ error: CANCEL_MESSAGE, code: 'invalid_cancel_url' });
  });

  it('refuses every return_url while allowed_domain is unset (no fallback)', async () => {
    const unset = await createCheckoutMerchant(stack, { allowedDomain: null });
    const res = await createSession(stack, unset.testKey, sessionBody());
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(RETURN_MESSAGE);
  });

  it('checks cancel_url the same way, only when sent', async () => {
    const bad = await createSession(stack, shop.testKey, sessionBody({ cancel_url: 'https://www.shop.example.com/' }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(CANCEL_MESSAGE);
    const http = await createSession(stack, shop.testKey, sessionBody({ cancel_url: 'http://shop.example.com/' }));
    expect(http.body.error).toBe(CANCEL_MESSAGE);
    expect((await createSession(stack, shop.testKey, sessionBody({ cancel_url: CANCEL_URL }))).status).toBe(201);
    expect((await createSession(stack, shop.testKey, sessionBody({ cancel_url: null }))).status).toBe(201);
  });

  it('needs processor charges for a live key but not for a test key', async () => {
    const unconnected = await createUnconnectedMerchant(stack);
    const live = await createSession(stack, unconnected.liveKey, sessionBody());
    expect(live.status).toBe(400);
    expect(live.body.error).toBe('Finish payment processor onboarding before accepting checkouts');
    const test = await createSession(stack, unconnected.testKey, sessionBody());
    expect(test.status).toBe(201);
    expect((await createSession(stack, shop.liveKey, sessionBody())).status).toBe(201);
  });

  describe('line items', () => {
    it('must add up to amount; discounts are negative lines', async () => {
      const ok = await createSession(
        stack,
        shop.testKey,
        sessionBody({
          amount: 55.5,
          line_items: [
            { description: 'Pizza', amount: 40, quantity: 2 },
            { description: 'Delivery', amount: '3.50' },
            { description: 'Tax', amount: 14 },
            { description: 'Loyalty discount', amount: -2 },
          ],
        }),
      );
      expect(ok.status).toBe(201);
      const off = await createSession(
        stack,
        shop.testKey,
        sessionBody({ amount: 20, line_items: [{ description: 'Pizza', amount: 19 }] }),
      );
      expect(off.status).toBe(400);
      expect(off.body).toMatchObject({
        code: 'line_items_mismatch',
        error: 'line_items must add up to amount: they add up to £19.00, amount is £20.00',
      });
    });

    it('reads each line amount as the line total, whatever the quantity', async () => {
      const perUnit = await createSession(
        stack,
        shop.testKey,
        sessionBody({ amount: 20, line_items: [{ description: 'Socks', amount: 10, quantity: 2 }] }),
      );
      expect(perUnit.status).toBe(400);
      expect(perUnit.body.code).toBe('line_items_mismatch');
    });

    it.each([
      [{ description: 'x'.repeat(121), amount: 60 }, 'Each line item needs a description of up to 120 characters'],
      [{ description: '', amount: 60 }, 'Each line item needs a description of up to 120 characters'],
      [{ amount: 60 }, 'Each line item needs a description of up to 120 characters'],
      [{ description: 'Hat', amount: 'lots' }, 'Each line item needs an amount in pounds with at most two decimals'],
      [{ description: 'Hat', amount: 60, quantity: 0 }, 'Line item quantity must be a whole number of at least 1'],
      [{ description: 'Hat', amount: 60, quantity: 1.5 }, 'Line item quantity must be a whole number of at least 1'],
      [{ description: 'Hat', amount: 60, image_url: 7 }, 'Line item image_url must be a string'],
    ])('refuses line %p', async (line, message) => {
      const res = await createSession(stack, shop.testKey, sessionBody({ amount: 60, line_items: [line] }));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      expect(res.body.code).toBe('validation_failed');
    });

    it('allows a 120-character description and stores it as typed', async () => {
      const description = `<b>${'y'.repeat(113)}</b>`;
      expect(description).toHaveLength(120);
      const token = await newSession(stack, shop.testKey, { amount: 60, line_items: [{ description, amount: 60 }] });
      const lookup = await stack.api.get(`/api/merchants/checkout/sessions/${token}`);
      expect(lookup.body.line_items).toEqual([{ description, amount: '60.00', quantity: 1, image_url: null }]);
    });

    it('refuses line_items that is not an array', async () => {
      const res = await createSession(
        stack,
        shop.testKey,
        sessionBody({ line_items: { description: 'x', amount: 60 } }),
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('line_items must be an array of line items');
    });
  });

  describe('metadata and customer fields', () => {
    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));

    it.each([
      ['21 keys', keys(21), 'metadata can have at most 20 keys'],
      ['a 41-character key', { ['k'.repeat(41)]: 'v' }, 'metadata keys must be 1 to 40 characters'],
      ['a 501-character value', { note: 'v'.repeat(501) }, 'metadata values must be at most 500 characters'],
      ['a number value', { count: 3 }, 'metadata must be a flat object of strings'],
      ['a nested object', { nested: { a: 'b' } }, 'metadata must be a flat object of strings'],
      ['an array', ['a'], 'metadata must be a flat object of strings'],
      [
        'more than 4 KB in all',
        Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`key${i}`, 'v'.repeat(500)])),
        'metadata must be at most 4 KB in all',
      ],
    ])('refuses metadata with %s', async (_label, metadata, message) => {
      const res = await createSession(stack, shop.testKey, sessionBody({ metadata }));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    });

    it('accepts metadata at the limits: 20 keys, 40-character keys, 500-character values', async () => {
      const atLimits = Object.fromEntries(
        Array.from({ length: 20 }, (_, i) => [
          `${String(i).padStart(2, '0')}${'k'.repeat(38)}`,
          i < 6 ? 'v'.repeat(500) : 'v',
        ]),
      );
      const res = await createSession(stack, shop.testKey, sessionBody({ metadata: atLimits }));
      expect(res.status).toBe(201);
    });

    it('limits customer_name to 120 characters and checks customer_email', async () => {
      expect((await createSession(stack, shop.testKey, sessionBody({ customer_name: 'n'.repeat(120) }))).status).toBe(
        201,
      );
      const long = await createSession(stack, shop.testKey, sessionBody({ customer_name: 'n'.repeat(121) }));
      expect(long.status).toBe(400);
      expect(long.body.error).toBe('customer_name must be at most 120 characters');
      const email = await createSession(stack, shop.testKey, sessionBody({ customer_email: 'not-an-email' }));
      expect(email.status).toBe(400);
      expect(email.body.error).toBe('customer_email must be a valid email address');
    });
  });

  describe('Idempotency-Key', () => {
    const key = () => `order-${Math.random().toString(36).slice(2)}`;

    it('replays the same key and body with 200 and the original session', async () => {
      const idem = key();
      const first = await createSession(stack, shop.testKey, sessionBody({ amount: 33 }), { 'idempotency-key': idem });
      expect(first.status).toBe(201);
      // Same JSON, keys in another order.
      const again = await createSession(
        stack,
        shop.testKey,
        { return_url: RETURN_URL, amount: 33 },
        { 'idempotency-key': idem },
      );
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
    });

    it('answers 409 idempotency_key_reused for the same key with a different body', async () => {
      const idem = key();
      expect(
        (await createSession(stack, shop.testKey, sessionBody({ amount: 10 }), { 'idempotency-key': idem })).status,
      ).toBe(201);
      const res = await createSession(stack, shop.testKey, sessionBody({ amount: 11 }), { 'idempotency-key': idem });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('idempotency_key_reused');
    });

    it('scopes keys per merchant and per mode', async () => {
      const idem = key();
      const other = await createCheckoutMerchant(stack);
      const a = await createSession(stack, shop.testKey, sessionBody(), { 'idempotency-key': idem });
      const b = await createSession(stack, other.testKey, sessionBody(), { 'idempotency-key': idem });
      const c = await createSession(stack, shop.liveKey, sessionBody(), { 'idempotency-key': idem });
      expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
      expect(new Set([a.body.token, b.body.token, c.body.token]).size).toBe(3);
    });

    it('creates exactly one session for concurrent identical requests', async () => {
      const idem = key();
      const body = sessionBody({ amount: 77.7, metadata: { order: idem } });
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => createSession(stack, shop.testKey, body, { 'idempotency-key': idem })),
      );
      expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(new Set(responses.map((r) => r.body.token)).size).toBe(1);
      const rows = await stack.db
        .selectFrom('checkout_sessions')
        .select('token')
        .where(sql<string>`metadata->>'order'`, '=', idem)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('forgets a key after 24 hours', async () => {
      const idem = key();
      const first = await createSession(stack, shop.testKey, sessionBody(), { 'idempotency-key': idem });
      await stack.db
        .updateTable('checkout_idempotency_keys')
        .set({ created_at: new Date(Date.now() - 24 * 3600_000 - 60_000) })
        .where('idempotency_key', '=', idem)
        .execute();
      const later = await createSession(stack, shop.testKey, sessionBody({ amount: 99 }), { 'idempotency-key': idem });
      expect(later.status).toBe(201);
      expect(later.body.token).not.toBe(first.body.token);
    });

    it('refuses a key longer than 255 characters and accepts one of exactly 255', async () => {
      const long = await createSession(stack, shop.testKey, sessionBody(), { 'idempotency-key': 'k'.repeat(256) });
      expect(long.status).toBe(400);
      expect(long.body.error).toBe('Idempotency-Key must be 1 to 255 characters');
      const edge = await createSession(stack, shop.testKey, sessionBody(), {
        'idempotency-key': `${key()}${'k'.repeat(240)}`.slice(0, 255),
      });
      expect(edge.status).toBe(201);
    });

    it('creates a new session on every call without the header', async () => {
      const a = await createSession(stack, shop.testKey, sessionBody());
      const b = await createSession(stack, shop.testKey, sessionBody());
      expect(a.body.token).not.toBe(b.body.token);
    });
  });
});

describe('GET /api/merchants/checkout/sessions/:token (public) and /status (API key)', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  beforeAll(async () => {
    ({ stack, shop } = await startCheckoutStack());
  });
  afterAll(() => stack.stop());

  const fullBody = () =>
    sessionBody({
      amount: 42.5,
      order_reference: 'ORD-77',
      cancel_url: CANCEL_URL,
      customer_email: 'buyer@example.test',
      customer_name: 'Bea Buyer',
      metadata: { cart: 'c-1' },
      line_items: [
        { description: 'Lamp', amount: 40 },
        { description: 'Delivery', amount: 2.5 },
      ],
    });

  it('shows the buyer what they need, without the merchant-only fields', async () => {
    const res = await createSession(stack, shop.testKey, fullBody());
    const lookup = await stack.api.get(`/api/merchants/checkout/sessions/${res.body.token}`);
    expect(lookup.status).toBe(200);
    expect(lookup.body).toEqual({
      status: 'pending',
      expired: false,
      expires_at: expect.any(String),
      mode: 'test',
      business_name: shop.merchant.name,
      order_reference: 'ORD-77',
      amount: '42.50',
      currency: 'gbp',
      line_items: [
        { description: 'Lamp', amount: '40.00', quantity: 1, image_url: null },
        { description: 'Delivery', amount: '2.50', quantity: 1, image_url: null },
      ],
      split_id: null,
      customer_email: 'buyer@example.test',
      cancel_url: CANCEL_URL,
      unavailable_reason: null,
    });
    expect(lookup.text).not.toContain('Bea Buyer');
    expect(lookup.text).not.toContain('c-1');
  });

  it('is rate limited per IP in the public lookup bucket (RateLimit headers)', async () => {
    const token = await newSession(stack, shop.testKey);
    const res = await stack.api.get(`/api/merchants/checkout/sessions/${token}`);
    expect(res.headers.get('ratelimit-limit')).toBe('60');
  });

  it('answers 404 for an unknown token', async () => {
    const res = await stack.api.get(`/api/merchants/checkout/sessions/${'A'.repeat(43)}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Checkout session not found');
  });

  it('names the reason when the merchant cannot take payments', async () => {
    const noCard = await createCheckoutMerchant(stack, { billingCard: false });
    const token = await newSession(stack, noCard.testKey);
    const lookup = await stack.api.get(`/api/merchants/checkout/sessions/${token}`);
    expect(lookup.body.unavailable_reason).toBe('billing_card_required');

    // A test session needs no processor connection (the sandbox account holds it), only a test billing card.
    // Live's connector_not_live is in test-mode.test.ts.
    const unconnected = await createUnconnectedMerchant(stack);
    const test = await newSession(stack, unconnected.testKey);
    const unconnectedReason = async () =>
      (await stack.api.get(`/api/merchants/checkout/sessions/${test}`)).body.unavailable_reason;
    expect(await unconnectedReason()).toBe('billing_card_required');
    await addBillingCard(stack, unconnected.merchant.id, 'test');
    expect(await unconnectedReason()).toBeNull();

    const overdue = await createCheckoutMerchant(stack);
    await stack.db
      .insertInto('bills')
      .values({
        merchant_id: overdue.merchant.id,
        mode: 'test',
        amount: 500,
        description: 'Service fees',
        issued_at: new Date(Date.now() - 15 * 86400_000),
      })
      .execute();
    const paused = await newSession(stack, overdue.testKey);
    expect((await stack.api.get(`/api/merchants/checkout/sessions/${paused}`)).body.unavailable_reason).toBe(
      'billing_paused',
    );
  });

  it('gives the merchant the whole session on /status, split null until the buyer chooses', async () => {
    const res = await createSession(stack, shop.testKey, fullBody());
    const status = await stack.api.get(`/api/merchants/checkout/sessions/${res.body.token}/status`, {
      apiKey: shop.testKey,
    });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      token: res.body.token,
      status: 'pending',
      mode: 'test',
      amount: '42.50',
      order_reference: 'ORD-77',
      return_url: RETURN_URL,
      cancel_url: CANCEL_URL,
      customer_email: 'buyer@example.test',
      customer_name: 'Bea Buyer',
      metadata: { cart: 'c-1' },
      split_id: null,
      approved_count: 0,
      total_count: 0,
      participants: [],
      split: null,
    });
  });

  it("answers 404 on /status for another merchant's token, the other mode's key, or no key", async () => {
    const token = await newSession(stack, shop.testKey);
    const other = await createCheckoutMerchant(stack);
    const foreign = await stack.api.get(`/api/merchants/checkout/sessions/${token}/status`, { apiKey: other.testKey });
    expect(foreign.status).toBe(404);
    const live = await stack.api.get(`/api/merchants/checkout/sessions/${token}/status`, { apiKey: shop.liveKey });
    expect(live.status).toBe(404);
    const none = await stack.api.get(`/api/merchants/checkout/sessions/${token}/status`);
    expect(none.status).toBe(401);
    expect(none.body.error).toBe('Invalid API Key');
  });

  it('a revoked key stops working at once', async () => {
    const key = await createApiKey(stack.db, shop.merchant.id, 'test');
    expect((await createSession(stack, key)).status).toBe(201);
    await stack.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('merchant_id', '=', shop.merchant.id)
      .where('last_four', '=', key.slice(-4))
      .execute();
    expect((await createSession(stack, key)).status).toBe(401);
  });
});
