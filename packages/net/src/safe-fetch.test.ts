import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundRequestError, safeFetch, UnsafeUrlError } from './safe-fetch';
import type { Resolver } from './url-check';

type Seen = { method?: string; url?: string; host?: string; body: string };

/** Keeps this process busy (its event loop paused), as a long garbage collection or a loaded machine does. */
function pause(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('safeFetch', () => {
  let server: Server;
  let port: number;
  const seen: Seen[] = [];
  const handlers: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    '/ok': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks'),
    '/redirect': (_req, res) => res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end(),
    '/slow': () => undefined,
    // Keeps this process (the caller's too) busy for 400 ms, then answers.
    '/busy-then-ok': (_req, res) => {
      pause(400);
      res.writeHead(200).end('thanks');
    },
    // Answers at once, then keeps this process busy for 400 ms before it reads anything more.
    '/ok-then-busy': (_req, res) => {
      res.writeHead(200).end('thanks');
      setImmediate(() => pause(400));
    },
    '/big': (_req, res) => {
      res.writeHead(200);
      res.end('x'.repeat(1024 * 1024));
    },
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, host: req.headers.host, body });
        (handlers[req.url ?? ''] ?? handlers['/ok']!)(req, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses a loopback target without sending anything when private targets are not allowed', async () => {
    const before = seen.length;
    const error = await safeFetch(`https://127.0.0.1:${port}/ok`, { allowPrivate: false }).catch((e) => e);
    expect(error).toBeInstanceOf(UnsafeUrlError);
    expect(error.reason).toBe('host is a loopback address');
    const rebinding: Resolver = async () => ['127.0.0.1'];
    const viaName = await safeFetch(`https://hooks.example.com:${port}/ok`, {
      allowPrivate: false,
      resolve: rebinding,
    }).catch((e) => e);
    expect(viaName).toBeInstanceOf(UnsafeUrlError);
    expect(viaName.reason).toBe('host resolves to a loopback address');
    expect(seen.length).toBe(before);
  });

  it('connects to the address it checked, not to a second DNS answer', async () => {
    // `hooks.test` exists only in this resolver: the request can only arrive if the
    // connection used the checked address instead of resolving the name again.
    let lookups = 0;
    const resolve: Resolver = async () => {
      lookups++;
      return ['127.0.0.1'];
    };
    const res = await safeFetch(`http://hooks.test:${port}/ok`, {
      allowPrivate: true,
      resolve,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"hello":"world"}',
    });
    expect(res).toMatchObject({ status: 200, body: 'thanks', truncated: false });
    expect(lookups).toBe(1);
    expect(seen.at(-1)).toEqual({ method: 'POST', url: '/ok', host: `hooks.test:${port}`, body: '{"hello":"world"}' });
  });

  it('does not follow redirects', async () => {
    const res = await safeFetch(`http://127.0.0.1:${port}/redirect`, { allowPrivate: true });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('http://127.0.0.1:1/elsewhere');
  });

  it('gives up on a target that does not answer in time', async () => {
    const error = await safeFetch(`http://127.0.0.1:${port}/slow`, { allowPrivate: true, timeoutMs: 200 }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(OutboundRequestError);
    expect(error.kind).toBe('timeout');
  });

  it('does not count a pause of this process against the limit', async () => {
    // Paused past the limit before the answer is even written: the pause is this process's, not the other side's.
    const res = await safeFetch(`http://127.0.0.1:${port}/busy-then-ok`, { allowPrivate: true, timeoutMs: 200 });
    expect(res).toMatchObject({ status: 200, body: 'thanks' });
  });

  it('counts an answer that arrived in time, though the process was busy past the limit before reading it', async () => {
    // The timer runs out while the answer waits on the socket: it is read before the deadline is judged.
    const res = await safeFetch(`http://127.0.0.1:${port}/ok-then-busy`, { allowPrivate: true, timeoutMs: 200 });
    expect(res).toMatchObject({ status: 200, body: 'thanks' });
  });

  it('reads at most maxResponseBytes of the answer', async () => {
    const res = await safeFetch(`http://127.0.0.1:${port}/big`, { allowPrivate: true, maxResponseBytes: 1000 });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(1000);
    expect(res.bytes).toEqual(Buffer.alloc(1000, 'x'));
    expect(res.truncated).toBe(true);
  });

  it('reports a refused connection as a network error', async () => {
    const error = await safeFetch('http://127.0.0.1:1/', { allowPrivate: true, timeoutMs: 2000 }).catch((e) => e);
    expect(error).toBeInstanceOf(OutboundRequestError);
    expect(error.kind).toBe('network');
  });
});
