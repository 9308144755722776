import { Writable } from 'node:stream';
import Router from '@koa/router';
import { AppError } from '../errors';
import { createLogger } from '../logger';
import { signPrincipal, verifyPrincipal } from './principal';
import { createServiceApp } from './service-app';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger('test', 'info', destination), lines };
}

async function serve(app: ReturnType<typeof createServiceApp>) {
  const server = app.listen(0);
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

describe('createServiceApp', () => {
  const router = new Router();
  router.get('/boom', () => {
    throw new Error('database exploded');
  });
  router.get('/domain', () => {
    throw new AppError(409, 'This checkout already has a split.', undefined, undefined, { status: 'pending' });
  });
  router.post('/logged', (ctx) => {
    ctx.log.info('inside the handler');
    ctx.body = { ok: true };
  });

  it('maps domain errors to the spec shape, unhandled ones to 500 with a full log line, and tags lines with the request id', async () => {
    const { logger, lines } = capturingLogger();
    const app = createServiceApp({ name: 'test', logger, readiness: async () => ({ ok: true }), routers: [router] });
    const { url, close } = await serve(app);
    try {
      const boom = await fetch(`${url}/boom`, { headers: { 'x-request-id': 'req-123' } });
      expect(boom.status).toBe(500);
      expect(await boom.json()).toEqual({ error: 'Something went wrong!' });
      const logged = lines.find((l) => l.msg === 'unhandled error');
      expect(logged).toMatchObject({ requestId: 'req-123', level: 50 });
      expect(JSON.stringify(logged)).toContain('database exploded');

      const domain = await fetch(`${url}/domain`);
      expect(domain.status).toBe(409);
      expect(await domain.json()).toEqual({ status: 'pending', error: 'This checkout already has a split.' });

      const missing = await fetch(`${url}/nowhere`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: 'Not found', code: 'route_not_found' });

      await fetch(`${url}/logged`, { method: 'POST', headers: { 'x-request-id': 'req-456' } });
      expect(lines.filter((l) => l.requestId === 'req-456').map((l) => l.msg)).toEqual(
        expect.arrayContaining(['inside the handler', 'request']),
      );
    } finally {
      await close();
    }
  });

  it('refuses callers without the gateway signature when it guards internal routes', async () => {
    const { logger } = capturingLogger();
    const app = createServiceApp({
      name: 'test',
      logger,
      readiness: async () => ({ ok: true }),
      routers: [router],
      internalSigningSecret: 'a-secret-for-this-test',
    });
    const { url, close } = await serve(app);
    try {
      const unsigned = await fetch(`${url}/logged`, { method: 'POST' });
      expect(unsigned.status).toBe(401);
      const forged = await fetch(`${url}/logged`, {
        method: 'POST',
        headers: {
          'x-groupsplit-principal': signPrincipal({ kind: 'anonymous', ip: '1.2.3.4', requestId: 'r' }, 'wrong-secret'),
        },
      });
      expect(forged.status).toBe(401);
      const signed = await fetch(`${url}/logged`, {
        method: 'POST',
        headers: {
          'x-groupsplit-principal': signPrincipal(
            { kind: 'anonymous', ip: '1.2.3.4', requestId: 'r' },
            'a-secret-for-this-test',
          ),
        },
      });
      expect(signed.status).toBe(200);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      await close();
    }
  });
});

describe('signed principals', () => {
  it('expire after a minute so a captured header is of little use', () => {
    const header = signPrincipal({ kind: 'anonymous', ip: '1.1.1.1', requestId: 'r' }, 'secret-of-some-length', 0);
    expect(verifyPrincipal(header, 'secret-of-some-length', 30_000)).not.toBeNull();
    expect(verifyPrincipal(header, 'secret-of-some-length', 61_000)).toBeNull();
  });
});
