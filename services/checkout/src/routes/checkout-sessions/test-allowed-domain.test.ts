import type { Stack } from '@groupsplit/testing';
import {
  type CheckoutMerchant,
  createCheckoutMerchant,
  createSession,
  RETURN_URL,
  SHOP_DOMAIN,
  sessionBody,
  startCheckoutStack,
} from '../../test-support/sessions';

const TEST = { 'x-service-mode': 'test' };
const RETURN_MESSAGE = 'return_url must be https and match your allowed return domain';
const CANCEL_MESSAGE = 'cancel_url must be https and match your allowed return domain';
const LOCAL_URLS = [
  'http://localhost:4000/orders/1',
  'http://127.0.0.1:8080/',
  'http://[::1]:3001/x',
  'https://localhost/',
];

/**
 * Modes kept apart (docs/hosted-checkout.md, "Local development"): test mode's own return domain,
 * set through PATCH /api/merchants, never changes where live buyers may return to.
 */
describe('test_allowed_domain', () => {
  let stack: Stack;
  let shop: CheckoutMerchant;
  beforeAll(async () => {
    ({ stack, shop } = await startCheckoutStack());
  });
  afterAll(() => stack.stop());

  const patch = (token: string, body: unknown, headers: Record<string, string> = TEST) =>
    stack.api.patch('/api/merchants', body, { token, headers });
  const me = (token: string, headers: Record<string, string> = {}) =>
    stack.api.get('/api/merchants/me', { token, headers });

  it('points test mode at localhost while live keeps its domain, on both insert paths', async () => {
    const live = await createCheckoutMerchant(stack);
    const token = live.owner.token;
    const set = await patch(token, { test_allowed_domain: 'LOCALHOST' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({
      id: live.merchant.id,
      mode: 'test',
      webhook_url: null,
      allowed_domain: SHOP_DOMAIN,
      test_allowed_domain: 'localhost',
    });
    for (const headers of [{}, TEST]) {
      expect((await me(token, headers)).body).toMatchObject({
        allowed_domain: SHOP_DOMAIN,
        test_allowed_domain: 'localhost',
      });
    }

    // Without a key (one-statement insert) and with one (the route's own checks and a plain INSERT).
    for (const [index, url] of LOCAL_URLS.entries()) {
      for (const headers of [{}, { 'idempotency-key': `local-${index}` }] as Record<string, string>[]) {
        const res = await createSession(
          stack,
          live.testKey,
          sessionBody({ return_url: url, cancel_url: url }),
          headers,
        );
        expect({ url, headers, status: res.status }).toEqual({ url, headers, status: 201 });
      }
    }
    // Test mode now uses its own domain only: the live one is not a fallback while it is set.
    const shopUrl = await createSession(stack, live.testKey, sessionBody());
    expect(shopUrl.body).toMatchObject({ error: RETURN_MESSAGE, code: 'invalid_return_url' });
    const lan = await createSession(
      stack,
      live.testKey,
      sessionBody({ return_url: LOCAL_URLS[0], cancel_url: 'http://192.168.1.2/' }),
    );
    expect(lan.body).toMatchObject({ error: CANCEL_MESSAGE, code: 'invalid_cancel_url' });

    // Live is untouched: its domain still works, localhost still does not.
    expect((await createSession(stack, live.liveKey, sessionBody())).status).toBe(201);
    for (const headers of [{}, { 'idempotency-key': 'live-local' }] as Record<string, string>[]) {
      const local = await createSession(stack, live.liveKey, sessionBody({ return_url: LOCAL_URLS[0] }), headers);
      expect(local.body).toMatchObject({ error: RETURN_MESSAGE, code: 'invalid_return_url' });
    }

    // Cleared, test mode falls back to allowed_domain again.
    const cleared = await patch(token, { test_allowed_domain: '' });
    expect(cleared.body).toMatchObject({ allowed_domain: SHOP_DOMAIN, test_allowed_domain: null });
    expect((await createSession(stack, live.testKey, sessionBody({ return_url: RETURN_URL }))).status).toBe(201);
    const noLocal = await createSession(stack, live.testKey, sessionBody({ return_url: LOCAL_URLS[0] }));
    expect(noLocal.body.error).toBe(RETURN_MESSAGE);
  });

  it('takes test sessions with only test_allowed_domain set; live still needs allowed_domain', async () => {
    const unset = await createCheckoutMerchant(stack, { allowedDomain: null });
    await patch(unset.owner.token, { test_allowed_domain: 'staging.shop.example' });
    const test = await createSession(
      stack,
      unset.testKey,
      sessionBody({ return_url: 'https://staging.shop.example/x' }),
    );
    expect(test.status).toBe(201);
    const live = await createSession(
      stack,
      unset.liveKey,
      sessionBody({ return_url: 'https://staging.shop.example/x' }),
    );
    expect(live.body).toMatchObject({ error: RETURN_MESSAGE, code: 'invalid_return_url' });
  });

  it('still sets the one allowed_domain from test mode, and says in a hint that live uses it too', async () => {
    const { owner } = shop;
    const test = await patch(owner.token, { allowed_domain: 'shop.example.com' });
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({ mode: 'test', allowed_domain: 'shop.example.com' });
    expect(test.body.hint).toMatch(/live checkout uses it too.*set test_allowed_domain/);
    expect((await me(owner.token)).body.allowed_domain).toBe('shop.example.com');
    // No hint in live mode, nor for a test-mode call that leaves allowed_domain alone.
    expect((await patch(owner.token, { allowed_domain: 'shop.example.com' }, {})).body.hint).toBeUndefined();
    expect((await patch(owner.token, { test_allowed_domain: 'localhost' })).body.hint).toBeUndefined();
    expect((await patch(owner.token, {})).body.hint).toBeUndefined();
  });

  it('checks test_allowed_domain as allowed_domain is checked, naming its own field', async () => {
    const { owner } = await createCheckoutMerchant(stack);
    const port = await patch(owner.token, { test_allowed_domain: 'https://localhost:4000/' });
    expect(port.status).toBe(400);
    expect(port.body).toMatchObject({
      error: 'Invalid test_allowed_domain: must not include a port',
      code: 'invalid_allowed_domain',
    });
    const typed = await patch(owner.token, { test_allowed_domain: 42 });
    expect(typed.status).toBe(400);
    expect(typed.body.error).toBe('Invalid test_allowed_domain: must be a string, or empty to clear it');
    expect((await me(owner.token, TEST)).body.test_allowed_domain).toBeNull();
  });

  it('audits a change of test_allowed_domain with before and after', async () => {
    const { owner, merchant } = await createCheckoutMerchant(stack);
    await patch(owner.token, { test_allowed_domain: 'localhost' });
    const audit = await stack.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('merchant_id', '=', merchant.id)
      .where('action', '=', 'integration.updated')
      .execute();
    expect(audit).toEqual([
      {
        action: 'integration.updated',
        before: { mode: 'test', test_allowed_domain: null },
        after: { mode: 'test', test_allowed_domain: 'localhost' },
      },
    ]);
  });
});
