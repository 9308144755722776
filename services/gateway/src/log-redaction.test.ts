import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createCheckoutApp } from '@groupsplit/checkout';
import { createMerchantsApp } from '@groupsplit/merchants';
import { createLogger } from '@groupsplit/shared';
import {
  createApiClient,
  createSplitReadyMerchant,
  type SplitReadyMerchant,
  type Stack,
  startStack,
  uniqueEmail,
  waitForMail,
} from '@groupsplit/testing';
import { createGatewayApp, type GatewayApp } from './app';

/**
 * No credential reaches a log line (docs/security.md, "Logging"): the gateway, merchants and
 * checkout of this test write every line (level trace) into one capture while real requests sign
 * in with an e-mailed code, create a checkout session with an API key and a signed image URL, and
 * pay with a pay token; then the capture is searched for each of those values.
 */
describe('log redaction', () => {
  let stack: Stack;
  let shop: SplitReadyMerchant;
  const lines: string[] = [];
  const servers: Server[] = [];
  let gateway: GatewayApp;
  let api: ReturnType<typeof createApiClient>;

  const listening = async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  };

  beforeAll(async () => {
    stack = await startStack();
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
    await stack.db
      .updateTable('merchants')
      .set({ allowed_domain: 'shop.example.com' })
      .where('id', '=', shop.merchant.id)
      .execute();
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const logger = createLogger('captured', 'trace', destination);
    const [merchants, checkout, front] = [await listening(), await listening(), await listening()];
    const config = {
      ...stack.config,
      LOG_LEVEL: 'trace' as const,
      MERCHANTS_URL: merchants.url,
      CHECKOUT_URL: checkout.url,
      PUBLIC_BASE_URL: front.url,
    };
    const deps = { config, db: stack.db, logger, temporal: stack.temporal };
    merchants.server.on('request', createMerchantsApp(deps).callback());
    checkout.server.on('request', createCheckoutApp(deps).callback());
    gateway = createGatewayApp({ config, db: stack.db, logger });
    front.server.on('request', gateway.callback());
    api = createApiClient(front.url);
  });
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    await gateway.closeStores();
    await stack.stop();
  });

  it('no sign-in code, bearer, refresh cookie, API key, checkout or pay token, or URL signature appears in any line', async () => {
    const secrets: Record<string, string> = {};

    const email = uniqueEmail('logged');
    expect((await api.post('/api/auth/email/start', { email })).status).toBe(202);
    const mail = await waitForMail(email, { subject: 'sign-in code' });
    const code = /sign-in code is (\d{6})/.exec(mail.Text)![1]!;
    secrets.code = code;
    secrets.wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await api.post('/api/auth/email/verify', { email, code: secrets.wrongCode })).status).toBe(400);
    const signedIn = await api.post('/api/auth/email/verify', { email, code });
    expect(signedIn.status).toBe(200);
    secrets.accessToken = signedIn.body.access_token;
    expect((await api.get('/api/auth/consent', { token: secrets.accessToken })).status).toBe(200);
    // The dashboard's refresh cookie, and the one that replaces it.
    const cookieOf = (res: { headers: Headers }) =>
      /groupsplit_refresh=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))?.[1] as string;
    secrets.refreshCookie = cookieOf(signedIn);
    const refreshed = await api.post('/api/auth/session/refresh', undefined, {
      headers: { cookie: `groupsplit_refresh=${secrets.refreshCookie}`, 'x-requested-with': 'groupsplit-dashboard' },
    });
    expect(refreshed.status).toBe(200);
    secrets.nextRefreshCookie = cookieOf(refreshed);
    secrets.refreshedToken = refreshed.body.access_token;

    const created = await api.post(
      '/api/merchants/api-keys',
      { name: 'Logged' },
      { token: shop.owner.token, headers: { 'x-service-mode': 'test' } },
    );
    expect(created.status).toBe(201);
    secrets.apiKey = created.body.key;
    secrets.ownerToken = shop.owner.token;

    secrets.signature = 'sig-4f9a1c7e2b8d6053';
    const session = await api.post(
      '/api/merchants/checkout/sessions',
      {
        amount: 10,
        return_url: 'https://shop.example.com/thanks',
        line_items: [
          { description: 'Thing', amount: 10, image_url: `https://127.0.0.1:1/p.png?X-Signature=${secrets.signature}` },
        ],
      },
      { apiKey: secrets.apiKey },
    );
    expect(session.status).toBe(201);
    secrets.sessionToken = session.body.token;
    expect((await api.get(`/api/merchants/checkout/sessions/${secrets.sessionToken}`)).status).toBe(200);
    expect(
      (await api.get(`/api/merchants/checkout/sessions/${secrets.sessionToken}/status`, { apiKey: secrets.apiKey }))
        .status,
    ).toBe(200);
    expect((await api.call('GET', `/checkout/${secrets.sessionToken}`)).status).toBe(200);

    const split = await api.post(
      '/api/checkout-splits',
      {
        merchantId: shop.merchant.id,
        orderReference: 'LOGGED',
        participants: [
          { email: uniqueEmail('a'), amountMinor: 500 },
          { email: uniqueEmail('b'), amountMinor: 500 },
        ],
      },
      { token: shop.owner.token, headers: { 'x-service-mode': 'test' } },
    );
    expect(split.status).toBe(201);
    secrets.payToken = split.body.participants[0].payToken;
    secrets.clientSecret = split.body.participants[0].clientSecret;
    expect((await api.get(`/api/checkout-splits/pay/${secrets.payToken}`)).status).toBe(200);
    const declined = await api.post(`/api/checkout-splits/pay/${secrets.payToken}/authorise`, {
      payment_method: 'pm_card_chargeDeclined',
    });
    expect(declined.status).toBe(402);
    expect((await api.call('GET', `/pay/${secrets.payToken}`)).status).toBe(200);
    expect((await api.call('GET', `/api/nothing/${secrets.payToken}`)).status).toBe(404);

    // Lines written by our own code with the secrets at the top level and one level down.
    const logger = createLogger('captured', 'trace', {
      write: (line: string) => lines.push(line.trim()),
    } as unknown as Writable);
    logger.warn({ token: secrets.sessionToken, code, splitId: 'x' }, 'top level');
    logger.warn({ participant: { payToken: secrets.payToken, clientSecret: secrets.clientSecret } }, 'nested');
    logger.info({ key: secrets.apiKey, access_token: secrets.accessToken, image_url: secrets.signature }, 'more');

    expect(lines.length).toBeGreaterThan(20);
    expect(lines.some((line) => line.includes('"msg":"line item image left out"'))).toBe(true);
    const leaks = Object.entries(secrets).flatMap(([name, value]) => {
      const pattern = new RegExp(`(?<![0-9A-Za-z_-])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9A-Za-z_-])`);
      return lines.filter((line) => pattern.test(line)).map((line) => `${name}: ${line.slice(0, 300)}`);
    });
    expect(leaks).toEqual([]);
  });
});
