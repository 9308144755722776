import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, PRINCIPAL_HEADER, PUBLIC_SECRET_VALUES, signPrincipal } from '@groupsplit/shared';
import { createMerchant, createUser, type Stack, startStack, type TestUser } from '@groupsplit/testing';
import { createGatewayApp, type GatewayApp } from './app';

/**
 * The signed principal (docs/security.md, "Signed principals"): a header the gateway made for one
 * call, captured on its way to the service, is refused on any other route, method or service; and
 * a header forged with the old default secret is refused by a stack with a secret of its own.
 */
describe('signed principals, on the real services', () => {
  let stack: Stack;
  let owner: TestUser;
  let captured: IncomingHttpHeaders | undefined;
  let capture: Server;
  let gatewayServer: Server;
  let gateway: GatewayApp;
  let gatewayUrl: string;

  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    stack = await startStack(
      { INTERNAL_SIGNING_SECRET: 'this-stack-has-a-private-signing-secret' },
      { temporal: false },
    );
    owner = await createUser(stack.db);
    await createMerchant(stack.db, owner);
    // A second gateway whose merchants "service" records what it is sent: the header on the wire.
    capture = createServer((req, res) => {
      captured = req.headers;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    const captureUrl = await listen(capture);
    gateway = createGatewayApp({
      config: { ...stack.config, MERCHANTS_URL: captureUrl },
      db: stack.db,
      logger: createLogger('capturing-gateway', 'silent'),
    });
    gatewayServer = createServer(gateway.callback());
    gatewayUrl = await listen(gatewayServer);
  });
  afterAll(async () => {
    await new Promise((resolve) => gatewayServer.close(resolve));
    await new Promise((resolve) => capture.close(resolve));
    await gateway.closeStores();
    await stack.stop();
  });

  const direct = (base: string, path: string, header: string, method = 'GET') =>
    fetch(`${base}${path}`, { method, headers: { [PRINCIPAL_HEADER]: header } });

  it('a captured header works only for its own call: another route, method, query or service answers 401', async () => {
    const sent = await fetch(`${gatewayUrl}/api/merchants/me`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(sent.status).toBe(200);
    const header = captured?.[PRINCIPAL_HEADER] as string;
    expect(header).toEqual(expect.any(String));

    // The call it was made for, at once: accepted (the tolerance is 30 seconds).
    expect((await direct(stack.urls.merchants, '/api/merchants/me', header)).status).toBe(200);
    for (const [base, path, method] of [
      [stack.urls.merchants, '/api/merchants/team', 'GET'],
      [stack.urls.merchants, '/api/merchants/workspaces', 'GET'],
      [stack.urls.merchants, '/api/merchants/me?mode=test', 'GET'],
      [stack.urls.merchants, '/api/merchants/api-keys', 'POST'],
      [stack.urls.checkout, '/api/checkout-splits', 'GET'],
    ] as const) {
      const replayed = await direct(base, path, header, method);
      expect({ path, method, status: replayed.status, body: await replayed.json() }).toMatchObject({
        path,
        method,
        status: 401,
        body: { error: 'Unsigned internal call', code: 'unsigned_internal_call' },
      });
    }
  });

  it('a header forged with the old default secret answers 401', async () => {
    const forged = signPrincipal(
      { kind: 'session', ip: '1.2.3.4', requestId: 'forged', userId: owner.id, email: owner.email, sessionId: 'x' },
      PUBLIC_SECRET_VALUES.INTERNAL_SIGNING_SECRET[0],
      { service: 'merchants', method: 'GET', url: '/api/merchants/me' },
    );
    const res = await direct(stack.urls.merchants, '/api/merchants/me', forged);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'Unsigned internal call', code: 'unsigned_internal_call' });
  });
});
