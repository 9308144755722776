import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, unsubscribeToken } from '@groupsplit/shared';
import { createMerchant, createUser, type Stack, startStack, type TestUser } from '@groupsplit/testing';
import { createGatewayApp, type GatewayApp } from './app';

/** docs/security.md, "Headers": no-store and nosniff on every JSON answer, HSTS when served over https. */
describe('security headers', () => {
  let stack: Stack;
  let owner: TestUser;
  let https: { server: Server; app: GatewayApp; url: string };

  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
    owner = await createUser(stack.db);
    await createMerchant(stack.db, owner);
    // The same stack behind a gateway whose public address is https (as behind a TLS-terminating balancer).
    const app = createGatewayApp({
      config: { ...stack.config, PUBLIC_BASE_URL: 'https://pay.groupsplit.example' },
      db: stack.db,
      logger: createLogger('https-gateway', 'silent'),
    });
    const server = createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    https = { server, app, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  });
  afterAll(async () => {
    await new Promise((resolve) => https.server.close(resolve));
    await https.app.closeStores();
    await stack.stop();
  });

  const jsonAnswers = () =>
    [
      ['GET', '/api/merchants/credentials', { authorization: `Bearer ${owner.token}` }, 200],
      ['GET', '/api/merchants/me', { authorization: `Bearer ${owner.token}` }, 200],
      ['GET', '/api/merchants/me', {}, 401],
      ['GET', '/api/nothing-here', {}, 404],
      ['GET', '/api/checkout-splits/pay/unknown-token', {}, 404],
      ['GET', '/api/openapi.json', {}, 200],
    ] as const;

  it('every JSON answer carries Cache-Control: no-store and nosniff, and no HSTS over http', async () => {
    for (const [method, path, headers, status] of jsonAnswers()) {
      const res = await fetch(`${stack.urls.gateway}${path}`, { method, headers });
      expect({
        path,
        status: res.status,
        type: res.headers.get('content-type'),
        cache: res.headers.get('cache-control'),
        nosniff: res.headers.get('x-content-type-options'),
        hsts: res.headers.get('strict-transport-security'),
      }).toEqual({
        path,
        status,
        type: expect.stringMatching(/^application\/json/),
        cache: 'no-store',
        nosniff: 'nosniff',
        hsts: null,
      });
    }
  });

  it('pages and assets keep their own headers', async () => {
    const page = await fetch(`${stack.urls.gateway}/pay/unknown-token`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const css = await fetch(`${stack.urls.gateway}/checkout/assets/page.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('cache-control')).not.toBe('no-store');
  });

  it('every HTML answer carries nosniff and a CSP: the unsubscribe page gets the strict default', async () => {
    const token = unsubscribeToken(stack.config.INTERNAL_SIGNING_SECRET, 'headers@example.test');
    const page = await fetch(`${stack.urls.gateway}/api/email/unsubscribe?token=${encodeURIComponent(token)}`);
    expect([
      page.status,
      page.headers.get('content-type'),
      page.headers.get('x-content-type-options'),
      page.headers.get('content-security-policy'),
    ]).toEqual([
      200,
      'text/html; charset=utf-8',
      'nosniff',
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ]);
    // A page with a CSP of its own keeps it.
    const pay = await fetch(`${stack.urls.gateway}/pay/unknown-token`);
    expect(pay.headers.get('content-security-policy')).not.toBe(page.headers.get('content-security-policy'));
  });

  it('sends HSTS on every answer, JSON and pages, when PUBLIC_BASE_URL is https', async () => {
    for (const [method, path, headers] of jsonAnswers()) {
      const res = await fetch(`${https.url}${path}`, { method, headers });
      expect([path, res.headers.get('strict-transport-security')]).toEqual([
        path,
        'max-age=63072000; includeSubDomains',
      ]);
      expect([path, res.headers.get('cache-control')]).toEqual([path, 'no-store']);
    }
    const page = await fetch(`${https.url}/pay/unknown-token`);
    expect(page.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
  });
});
