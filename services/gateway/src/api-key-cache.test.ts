import { revokedApiKeyMarker } from '@groupsplit/shared';
import { createTeam, type Stack, startStack, waitUntil } from '@groupsplit/testing';
import Redis from 'ioredis';
import { startRedisServer } from './rate-limit/redis-server.test-support';

const TEST_MODE = { 'x-service-mode': 'test' };
/** A server route behind an API key: 404 for an authenticated caller, 401 `Invalid API Key` otherwise. */
const STATUS_ROUTE = '/api/merchants/checkout/sessions/no-such-session/status';
const SLOW_DOWN = 'Too many checkout session requests. Please slow down.';

/**
 * With REDIS_URL the gateway caches API keys and checks every use against a revocation marker in
 * Redis in the same round trip as the rate limit (api-key-cache.ts). Revocation must still stop a
 * key on its very next request, and the limits must stay exact.
 */
describe('API keys and rate limits with Redis', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  let inspect: Redis;
  let stack: Stack;
  let team: Awaited<ReturnType<typeof createTeam>>;

  beforeAll(async () => {
    redis = await startRedisServer();
    inspect = new Redis(redis.url);
    stack = await startStack({ REDIS_URL: redis.url }, { temporal: false });
    team = await createTeam(stack.db);
  });
  afterAll(async () => {
    await stack?.stop();
    inspect?.disconnect();
    await redis?.stop();
  });

  async function newKey() {
    const res = await stack.api.post('/api/merchants/api-keys', {}, { token: team.owner.token, headers: TEST_MODE });
    expect(res.status).toBe(201);
    return { id: res.body.id as string, key: res.body.key as string };
  }
  const status = (apiKey: string) => stack.api.get(STATUS_ROUTE, { apiKey });
  const revoke = (id: string) =>
    stack.api.post(`/api/merchants/api-keys/${id}/revoke`, undefined, { token: team.owner.token });

  it('refuses a cached key on the very next request after it is revoked, and counts it no more', async () => {
    const doomed = await newKey();
    const other = await newKey();
    for (let i = 0; i < 3; i++) expect((await status(doomed.key)).status).toBe(404);
    expect((await status(other.key)).status).toBe(404);

    expect((await revoke(doomed.id)).status).toBe(200);
    expect(await inspect.exists(revokedApiKeyMarker(doomed.id))).toBe(1);
    const counter = `groupsplit:rl:server_ops:key:${doomed.id}`;
    expect(await inspect.get(counter)).toBe('3');
    for (let i = 0; i < 2; i++) {
      const refused = await status(doomed.key);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ error: 'Invalid API Key', code: 'invalid_api_key' });
    }
    expect(await inspect.get(counter)).toBe('3');
    expect((await status(other.key)).status).toBe(404);
  });

  it('serves a key from the cache: only the revocation marker stops it, not a row changed behind the API', async () => {
    // Why revocation goes through the API (docs/rate-limits.md): the cache does not re-read Postgres.
    const key = await newKey();
    expect((await status(key.key)).status).toBe(404);
    await stack.db.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', key.id).execute();
    expect((await status(key.key)).status).toBe(404);
    await inspect.set(revokedApiKeyMarker(key.id), '1', 'EX', 60);
    expect((await status(key.key)).status).toBe(401);
  });

  it('counts session creation exactly, 120 a minute per key, in the key Redis and the limiter share', async () => {
    const busy = await newKey();
    const create = () => stack.api.post('/api/merchants/checkout/sessions', {}, { apiKey: busy.key });
    const remaining: number[] = [];
    for (let batch = 0; batch < 6; batch++) {
      const results = await Promise.all(Array.from({ length: 20 }, create));
      for (const res of results) {
        expect(res.status).not.toBe(429);
        expect(res.headers.get('ratelimit-limit')).toBe('120');
        remaining.push(Number(res.headers.get('ratelimit-remaining')));
      }
    }
    // Every request got its own count: 119 down to 0, each once.
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, i) => i));
    const refused = await create();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: SLOW_DOWN, code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await inspect.get(`groupsplit:rl:session_create:key:${busy.id}`)).toBe('121');
    const rows = await stack.db
      .selectFrom('rate_limits')
      .select('key')
      .where('key', '=', `session_create:key:${busy.id}`)
      .execute();
    expect(rows).toHaveLength(0);
  });

  /** The key's answers until it is refused; the spec's "stops that key at once" as every gateway can: within 2 s. */
  const refusedWithinTwoSeconds = (apiKey: string) =>
    waitUntil(
      'the revoked key to be refused',
      () => status(apiKey),
      (res) => res.status === 401,
      2_000,
    );

  it('refuses a cached key within 2 s of its revocation although Redis was flushed (its markers lost)', async () => {
    const key = await newKey();
    for (let i = 0; i < 2; i++) expect((await status(key.key)).status).toBe(404);
    await inspect.flushall();
    expect((await revoke(key.id)).status).toBe(200);
    await inspect.del(revokedApiKeyMarker(key.id)); // as if flushed again right after: only Postgres said it
    const refused = await refusedWithinTwoSeconds(key.key);
    expect(refused.body).toMatchObject({ error: 'Invalid API Key', code: 'invalid_api_key' });
  });

  it('falls back to Postgres when Redis goes away, and a revocation still commits, answers 200 and stops the key within 2 s', async () => {
    const key = await newKey();
    expect((await status(key.key)).status).toBe(404);
    await redis.stop();
    // Still served (the key from Postgres, the count by each process's in-memory limiter).
    const served = await status(key.key);
    expect(served.status).toBe(404);
    expect(served.headers.get('ratelimit-limit')).toBe('120');
    // No marker can be set: the revocation commits in Postgres all the same.
    const revoked = await revoke(key.id);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked_at).toEqual(expect.any(String));
    const row = await stack.db
      .selectFrom('api_keys')
      .select('revoked_at')
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    await refusedWithinTwoSeconds(key.key);
    // Revoked behind the API while Redis is down: Postgres is asked, so it is refused at once.
    const other = await newKey();
    expect((await status(other.key)).status).toBe(404);
    await stack.db.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', other.id).execute();
    expect((await status(other.key)).status).toBe(401);
  });
});
