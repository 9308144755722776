import { AppError, createDb, createLogger, type Db, type Principal } from '@groupsplit/shared';
import Redis from 'ioredis';
import type { Context } from 'koa';
import { createRateLimits, type RateLimits } from '.';
import { startRedisServer } from './redis-server.test-support';

function fakeContext() {
  const headers: Record<string, string> = {};
  return { headers, ctx: { set: (name: string, value: string) => (headers[name] = value) } as unknown as Context };
}

// Runs against a real redis-server of its own (Debian's redis-server package; every machine of this project's kind has it).
describe('rate limits with REDIS_URL set', () => {
  let server: Awaited<ReturnType<typeof startRedisServer>>;
  let redisUrl: string;
  let inspect: Redis;
  let db: Db;
  let limits: RateLimits;

  beforeAll(async () => {
    server = await startRedisServer();
    redisUrl = server.url;
    inspect = new Redis(redisUrl);
    db = createDb(process.env.DATABASE_URL!, 2);
    limits = createRateLimits({ db, logger: createLogger('test', 'silent'), redisUrl });
    await limits.ready();
  });
  afterAll(async () => {
    await limits?.close();
    inspect?.disconnect();
    await db?.destroy();
    await server?.stop();
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
    expect(refused.toBody()).toMatchObject({
      error: 'Too many requests. Please try again later.',
      code: 'rate_limited',
    });
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
