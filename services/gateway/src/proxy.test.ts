import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GATEWAY_ELAPSED_HEADER } from '@groupsplit/shared';
import { createTeam, type Stack, startStack } from '@groupsplit/testing';

/** A port nothing listens on (yet): taken from the OS, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The gateway in front of a service that is not listening (a restart or a deploy): the request
 * is sent again for a few seconds, then answered 503 in the error shape, never a bare 500.
 */
describe('gateway proxy, service restarting', () => {
  let stack: Stack;
  let checkoutPort: number;
  let standIn: Server | null = null;
  beforeAll(async () => {
    checkoutPort = await closedPort();
    stack = await startStack({ CHECKOUT_URL: `http://127.0.0.1:${checkoutPort}` }, { temporal: false });
  });
  afterAll(async () => {
    if (standIn) await new Promise<void>((resolve) => standIn!.close(() => resolve()));
    await stack.stop();
  });

  it('answers 503 service_unavailable when the service never comes back', async () => {
    const res = await fetch(`${stack.urls.gateway}/api/checkout-splits/pay/any-token`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.json()).toMatchObject({
      error: 'The service is restarting. Please try again shortly.',
      code: 'service_unavailable',
    });
  }, 20_000);

  it('delivers the request once the service listens again, saying how long the gateway held it', async () => {
    let elapsed: string | string[] | undefined;
    // A caller's own value is never passed on: the gateway's replaces it.
    const answered = fetch(`${stack.urls.gateway}/api/checkout-splits/pay/any-token`, {
      headers: { [GATEWAY_ELAPSED_HEADER]: '59999' },
    });
    // The stand-in service starts while the gateway is retrying (or before it first tries).
    setTimeout(() => {
      standIn = createServer((req, res) => {
        elapsed = req.headers[GATEWAY_ELAPSED_HEADER];
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
      standIn.listen(checkoutPort, '127.0.0.1');
    }, 300);
    const res = await answered;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    // Stamped when this send went out, so the wait for the service is in it (the retries stop at 8 s).
    expect(elapsed).toMatch(/^\d+$/);
    expect(Number(elapsed)).toBeLessThan(8_500);
  }, 20_000);

  it('does not send again a POST whose kept-alive connection the service reset after reading it', async () => {
    // The service dies while handling a POST (a restart that outlasted its grace): the connection,
    // kept alive from the GET before, is reset. It may have acted on the POST, so it is not repeated.
    const previous = standIn;
    if (previous)
      await new Promise<void>((resolve) => {
        previous.closeAllConnections();
        previous.close(() => resolve());
      });
    const posts: string[] = [];
    standIn = createServer((req, res) => {
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        return;
      }
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on('end', () => {
        posts.push(body);
        req.socket.destroy();
      });
    });
    await new Promise<void>((resolve) => standIn!.listen(checkoutPort, '127.0.0.1', resolve));
    const pay = `${stack.urls.gateway}/api/checkout-splits/pay/any-token`;
    expect((await fetch(pay)).status).toBe(200);
    const res = await fetch(`${pay}/authorise`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payment_method: 'pm_card_visa' }),
    });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({
      error: 'The service did not answer, so this may have been done. Read it back before sending it again.',
      code: 'bad_gateway',
    });
    expect(posts).toEqual(['{"payment_method":"pm_card_visa"}']);
  }, 20_000);

  /** A stand-in that dies under the first request of each kind it reads, then answers the rest. */
  async function standInDyingOnce(seen: string[]) {
    const previous = standIn;
    if (previous)
      await new Promise<void>((resolve) => {
        previous.closeAllConnections();
        previous.close(() => resolve());
      });
    const died = new Set<string>();
    standIn = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on('end', () => {
        seen.push(`${req.method} ${body}`);
        const kind = `${req.method} ${req.url}`;
        if (!died.has(kind)) {
          died.add(kind);
          req.socket.destroy();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => standIn!.listen(checkoutPort, '127.0.0.1', resolve));
  }

  it('sends a read again when the service dies while handling it, on a fresh connection too (a restart: never 502)', async () => {
    const seen: string[] = [];
    await standInDyingOnce(seen);
    const res = await fetch(`${stack.urls.gateway}/api/checkout-splits/pay/fresh-token`, {
      headers: { connection: 'close' },
    });
    expect(res.status).toBe(200);
    expect(seen).toEqual(['GET ', 'GET ']);
  }, 20_000);

  it('sends again a POST carrying an Idempotency-Key to a route that replays it, but not one without a key', async () => {
    const seen: string[] = [];
    await standInDyingOnce(seen);
    const { owner } = await createTeam(stack.db);
    const create = (headers: Record<string, string>) =>
      fetch(`${stack.urls.gateway}/api/checkout-splits`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}`, ...headers },
        body: '{"orderReference":"R-1"}',
      });
    const keyed = await create({ 'idempotency-key': 'order-r-1' });
    expect(keyed.status).toBe(200);
    expect(seen).toEqual(['POST {"orderReference":"R-1"}', 'POST {"orderReference":"R-1"}']);

    // Without a key the service may have acted on it: not repeated.
    seen.length = 0;
    await standInDyingOnce(seen);
    const unkeyed = await create({});
    expect(unkeyed.status).toBe(502);
    expect(seen).toEqual(['POST {"orderReference":"R-1"}']);
  }, 20_000);
});
