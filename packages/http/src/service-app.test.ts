import { Writable } from 'node:stream';
import { AppError, createLogger } from '@groupsplit/core';
import { createDb } from '@groupsplit/db';
import Router from '@koa/router';
import { signPrincipal, verifyPrincipal } from './principal';
import { createServiceApp } from './service-app';
import { serve } from './test-support/serve';

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line));
      }
      done();
    },
  });
  return { logger: createLogger('test', 'info', destination), lines, raw };
}

/** Keys written twice in one object of a JSON text (JSON.parse would silently keep only the last). */
function duplicatedKeys(json: string): string[] {
  const duplicates: string[] = [];
  const stack: Set<string>[] = [];
  // Strings first, so braces and colons inside them are not mistaken for structure.
  const tokens = json.match(/"(?:[^"\\]|\\.)*"|[{}[\]:,]|[^{}[\]:,"\s]+/g) ?? [];
  for (const [index, token] of tokens.entries()) {
    if (token === '{') stack.push(new Set());
    else if (token === '}') stack.pop();
    else if (token.startsWith('"') && tokens[index + 1] === ':' && stack.length > 0) {
      const keys = stack[stack.length - 1]!;
      if (keys.has(token)) duplicates.push(token);
      keys.add(token);
    }
  }
  return duplicates;
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

  it('logs an unhandled error once, on one line with no key twice and each stack frame once', async () => {
    // A real database error: kysely appends the query's frames to its stack.
    const db = createDb(process.env.DATABASE_URL!, 1);
    const failing = new Router();
    failing.get('/query', async () => {
      await db.selectFrom('users').select('id').where('email', '=', 'nul \u0000 byte').execute();
    });
    const { logger, lines, raw } = capturingLogger();
    const app = createServiceApp({ name: 'test', logger, readiness: async () => ({ ok: true }), routers: [failing] });
    const { url, close } = await serve(app);
    try {
      const res = await fetch(`${url}/query`, { headers: { 'x-request-id': 'req-unhandled' } });
      expect(res.status).toBe(500);
      const errorLines = raw.filter((_line, index) => lines[index]!.level === 50);
      expect(errorLines).toHaveLength(1);
      expect(duplicatedKeys(errorLines[0]!)).toEqual([]);
      const logged = JSON.parse(errorLines[0]!);
      expect(logged).toMatchObject({ requestId: 'req-unhandled', msg: 'unhandled error', path: '/query' });
      expect(logged.err.message).toContain('invalid byte sequence');
      const frames = (logged.err.stack as string).split('\n').filter((line) => line.trimStart().startsWith('at '));
      expect(frames.length).toBeGreaterThan(0);
      expect(frames.filter((frame, index) => frames.indexOf(frame) !== index)).toEqual([]);
      // The request's own line carries the id once too.
      const requestLine = raw.find(
        (_line, index) => lines[index]!.msg === 'request' && lines[index]!.requestId === 'req-unhandled',
      );
      expect(duplicatedKeys(requestLine!)).toEqual([]);
    } finally {
      await close();
      await db.destroy();
    }
  });

  it('routes only the exact spelling of a path: another letter case or a trailing slash is a 404', async () => {
    const { logger } = capturingLogger();
    const signIn = new Router();
    signIn.post('/api/auth/email/start', (ctx) => {
      ctx.body = { ok: true };
    });
    const app = createServiceApp({ name: 'test', logger, readiness: async () => ({ ok: true }), routers: [signIn] });
    const { url, close } = await serve(app);
    try {
      expect((await fetch(`${url}/api/auth/email/start`, { method: 'POST' })).status).toBe(200);
      for (const path of ['/api/auth/email/START', '/API/auth/email/start', '/api/auth/email/start/', '/HEALTHZ']) {
        const answer = await fetch(`${url}${path}`, { method: path === '/HEALTHZ' ? 'GET' : 'POST' });
        expect({ path, status: answer.status, body: await answer.json() }).toEqual({
          path,
          status: 404,
          body: { error: 'Not found', code: 'route_not_found' },
        });
      }
    } finally {
      await close();
    }
  });

  it("adopts a caller's request id only when it looks like one", async () => {
    const { logger, lines } = capturingLogger();
    const app = createServiceApp({ name: 'test', logger, readiness: async () => ({ ok: true }), routers: [router] });
    const { url, close } = await serve(app);
    try {
      const kept = await fetch(`${url}/logged`, { method: 'POST', headers: { 'x-request-id': 'abc-123.x:y' } });
      expect(kept.headers.get('x-request-id')).toBe('abc-123.x:y');
      for (const offered of ['has space', 'r'.repeat(129), '<script>']) {
        const replaced = await fetch(`${url}/logged`, { method: 'POST', headers: { 'x-request-id': offered } });
        const id = replaced.headers.get('x-request-id');
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        expect(lines.filter((l) => l.requestId === offered)).toEqual([]);
      }
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
          'x-groupsplit-principal': signPrincipal(
            { kind: 'anonymous', ip: '1.2.3.4', requestId: 'r' },
            'wrong-secret',
            {
              service: 'test',
              method: 'POST',
              url: '/logged',
            },
          ),
        },
      });
      expect(forged.status).toBe(401);
      const signed = await fetch(`${url}/logged`, {
        method: 'POST',
        headers: {
          'x-groupsplit-principal': signPrincipal(
            { kind: 'anonymous', ip: '1.2.3.4', requestId: 'r' },
            'a-secret-for-this-test',
            { service: 'test', method: 'POST', url: '/logged' },
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
  const secret = 'secret-of-some-length';
  const principal = { kind: 'anonymous', ip: '1.1.1.1', requestId: 'r' } as const;
  const call = { service: 'merchants', method: 'GET', url: '/api/merchants/me' };

  it('expire after 30 seconds either way, so a captured header is of little use', () => {
    const header = signPrincipal(principal, secret, call, 0);
    expect(verifyPrincipal(header, secret, call, 29_000)).toEqual(principal);
    expect(verifyPrincipal(header, secret, call, 31_000)).toBeNull();
    expect(verifyPrincipal(header, secret, call, -31_000)).toBeNull();
  });

  it('are bound to one call: another service, method, path or query refuses them', () => {
    const header = signPrincipal(principal, secret, call);
    expect(verifyPrincipal(header, secret, call)).toEqual(principal);
    for (const other of [
      { ...call, service: 'checkout' },
      { ...call, method: 'POST' },
      { ...call, url: '/api/merchants/team' },
      { ...call, url: '/api/merchants/me?x=1' },
    ]) {
      expect(verifyPrincipal(header, secret, other)).toBeNull();
    }
    expect(verifyPrincipal(header, 'another-secret-of-length', call)).toBeNull();
  });
});
