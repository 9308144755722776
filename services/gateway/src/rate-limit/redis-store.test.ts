import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { AppError, createDb, createLogger, type Db, type Principal } from '@groupsplit/shared';
import Redis from 'ioredis';
import type { Context } from 'koa';
import { createRateLimits, type RateLimits } from '.';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

async function waitForPort(port: number, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      const done = (ok: boolean) => {
        socket.destroy();
        resolve(ok);
      };
      socket.once('connect', () => done(true));
      socket.once('error', () => done(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not listen on ${port}`);
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function fakeContext() {
  const headers: Record<string, string> = {};
  return { headers, ctx: { set: (name: string, value: string) => (headers[name] = value) } as unknown as Context };
}

// Runs against a real redis-server of its own (Debian's redis-server package; every machine of this project's kind has it).
describe('rate limits with REDIS_URL set', () => {
  let server: ChildProcess;
  let redisUrl: string;
  let inspect: Redis;
  let db: Db;
  let limits: RateLimits;

  beforeAll(async () => {
    if (!hasRedis)
      throw new Error(
        'redis-server is not installed; install it (apt-get install redis-server) to test the Redis store',
      );
    const port = await freePort();
    server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    redisUrl = `redis://127.0.0.1:${port}`;
    await waitForPort(port);
    inspect = new Redis(redisUrl);
    db = createDb(process.env.DATABASE_URL!, 2);
    limits = createRateLimits({ db, logger: createLogger('test', 'silent'), redisUrl });
    await limits.ready();
  });
  afterAll(async () => {
    await limits?.close();
    inspect?.disconnect();
    await db?.destroy();
    server?.kill('SIGTERM');
  });

  it('counts in Redis, not Postgres, with the same limits, headers and messages', async () => {
    expect(limits.store).toBe('redis');
    const ip = `192.0.2.${Math.floor(Math.random() * 200) + 1}`;
    const principal: Principal = { kind: 'anonymous', ip, requestId: 'r' };
    for (let i = 0; i < 5; i++) {
      const { ctx, headers } = fakeContext();
      await limits.consume(ctx, 'sensitive', principal);
      expect(headers).toMatchObject({ 'RateLimit-Limit': '5', 'RateLimit-Remaining': String(4 - i) });
    }
    const { ctx, headers } = fakeContext();
    const refused = await limits.consume(ctx, 'sensitive', principal).catch((error) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused.toBody()).toEqual({ error: 'Too many requests. Please try again later.', code: 'rate_limited' });
    expect(headers).toMatchObject({ 'RateLimit-Remaining': '0', 'Retry-After': expect.any(String) });

    expect(await inspect.get(`groupsplit:rl:sensitive:ip:${ip}`)).toBe('6');
    const rows = await db.selectFrom('rate_limits').select('key').where('key', '=', `sensitive:ip:${ip}`).execute();
    expect(rows).toHaveLength(0);
  });

  it('shares counts between gateway processes through Redis', async () => {
    const other = createRateLimits({ db, logger: createLogger('test', 'silent'), redisUrl });
    try {
      await other.ready();
      const principal: Principal = { kind: 'anonymous', ip: '192.0.2.250', requestId: 'r' };
      await limits.consume(fakeContext().ctx, 'sign_in', principal);
      const { ctx, headers } = fakeContext();
      await other.consume(ctx, 'sign_in', principal);
      expect(headers['RateLimit-Remaining']).toBe('8');
    } finally {
      await other.close();
    }
  });
});
