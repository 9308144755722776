import { createMerchant, createUser, type Stack, startStack } from '@groupsplit/testing';

/** The gateway's own behaviour: routing, the size cap, health, and the signed principal services require. */
describe('gateway', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  it('answers an unknown route with a 404 JSON body', async () => {
    const res = await stack.api.get('/nope');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Not found', code: 'route_not_found' });
  });

  it('answers a known path called with the wrong method with a 405 in the `{ error, code? }` shape', async () => {
    // docs/spec.md, Errors: "Every error body is a JSON object with `error` (message) and sometimes `code`".
    const owner = await createUser(stack.db);
    await createMerchant(stack.db, owner);
    for (const [method, path] of [
      ['PUT', '/api/merchants/me'],
      ['GET', '/api/merchants/connect'],
      ['DELETE', '/api/merchants/register'],
      ['PUT', '/api/checkout-splits'],
    ] as const) {
      const res = await stack.api.call(method, path, { token: owner.token });
      expect({ method, path, status: res.status, body: res.body }).toMatchObject({
        method,
        path,
        status: 405,
        body: { error: 'Method not allowed', code: 'method_not_allowed' },
      });
    }
  });

  it('refuses a direct call to a service that lacks the gateway signature', async () => {
    for (const url of [stack.urls.checkout, stack.urls.merchants]) {
      const res = await fetch(`${url}/api/checkout-splits`, { method: 'GET' });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('unsigned_internal_call');
    }
  });

  it('caps the request size at 1 MB with a 413 in the error shape, before authenticating', async () => {
    const res = await stack.api.post('/api/checkout-splits', { orderReference: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: 'Request body is too large', code: 'payload_too_large' });
  });

  it('forwards a request id and returns it', async () => {
    const res = await stack.api.get('/api/merchants/checkout/sessions/unknown-token', {
      headers: { 'x-request-id': 'req-gateway-test' },
    });
    expect(res.headers.get('x-request-id')).toBe('req-gateway-test');
  });

  it('serves healthz and readyz on every service', async () => {
    for (const url of Object.values(stack.urls)) {
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(200);
    }
  });
});
