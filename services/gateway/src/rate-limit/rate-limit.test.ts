import { randomUUID } from 'node:crypto';
import { apiKeyRecordFields, generateApiKey, sha256Hex } from '@groupsplit/shared';
import { type ApiResponse, createTeam, type Stack, startStack } from '@groupsplit/testing';
import { sql } from 'kysely';
import { matchRoute } from '../routes/match';
import { routeTable } from '../routes/table';

const LATER = 'Too many requests. Please try again later.';
const SHORTLY = 'Too many requests. Please try again shortly.';
const SLOW_DOWN = 'Too many checkout session requests. Please slow down.';

/** Documentation-range addresses only this file uses (each run has its own database), one per test. */
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

const headers = (res: ApiResponse) => ({
  limit: res.headers.get('ratelimit-limit'),
  remaining: res.headers.get('ratelimit-remaining'),
  reset: res.headers.get('ratelimit-reset'),
});

function expectLimited(res: ApiResponse, message: string, limit: number, windowSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ error: message, code: 'rate_limited' });
  expect(headers(res).limit).toBe(String(limit));
  expect(headers(res).remaining).toBe('0');
  const reset = Number(headers(res).reset);
  expect(reset).toBeGreaterThan(0);
  expect(reset).toBeLessThanOrEqual(windowSeconds);
  expect(res.headers.get('retry-after')).toBe(headers(res).reset);
}

describe('gateway rate limits', () => {
  let stack: Stack;
  let team: Awaited<ReturnType<typeof createTeam>>;

  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
    team = await createTeam(stack.db);
  });
  afterAll(() => stack.stop());

  async function insertKey(merchantId: string) {
    const key = generateApiKey('test');
    await stack.db
      .insertInto('api_keys')
      .values({ merchant_id: merchantId, name: 'rate test', mode: 'test', ...apiKeyRecordFields(key) })
      .execute();
    return key;
  }

  it('shares one 5-per-10-minutes bucket per IP across every sensitive route', async () => {
    const ip = freshIp();
    const token = team.owner.token;
    const calls: (() => Promise<ApiResponse>)[] = [
      () => stack.api.post('/api/merchants/credentials/rotate', { target: 'webhook_secret' }, { token, ip }),
      () => stack.api.post('/api/merchants/api-keys', {}, { token, ip, headers: { 'x-service-mode': 'test' } }),
      () => stack.api.post('/api/public/contact', { email: 'a@example.test', message: 'Hi' }, { ip }),
      () => stack.api.post('/api/public/waitlist', { email: 'b@example.test' }, { ip }),
      () => stack.api.get(`/api/merchants/team-invites/${randomUUID()}`, { ip }),
    ];
    for (const [i, call] of calls.entries()) {
      const res = await call();
      expect(res.status).not.toBe(429);
      expect(headers(res)).toMatchObject({ limit: '5', remaining: String(4 - i) });
    }
    // The sixth call is refused whichever sensitive route it is, before the service is reached.
    const refusedEmail = `refused-${randomUUID()}@example.test`;
    expectLimited(await stack.api.post('/api/public/partner', { email: refusedEmail }, { ip }), LATER, 5, 600);
    expectLimited(
      await stack.api.post('/api/merchants/team/invites', { email: 'x@example.test', role: 'member' }, { token, ip }),
      LATER,
      5,
      600,
    );
    expectLimited(await stack.api.post('/api/merchants/webhooks/test', {}, { token, ip }), LATER, 5, 600);
    const stored = await stack.db
      .selectFrom('public_form_submissions')
      .select('id')
      .where('email', '=', refusedEmail)
      .execute();
    expect(stored).toHaveLength(0);
    // Another address has its own budget.
    const other = await stack.api.post(
      '/api/public/contact',
      { email: 'd@example.test', message: 'Hi' },
      {
        ip: freshIp(),
      },
    );
    expect(other.status).toBe(201);
    expect(headers(other).remaining).toBe('4');
  });

  it('limits checkout session creation to 120 a minute per API key, not per IP', async () => {
    const ip = freshIp();
    const [busy, quiet] = [await insertKey(team.merchant.id), await insertKey(team.merchant.id)];
    const create = (apiKey: string) => stack.api.post('/api/merchants/checkout/sessions', {}, { apiKey, ip });
    for (let batch = 0; batch < 6; batch++) {
      const results = await Promise.all(Array.from({ length: 20 }, () => create(busy)));
      for (const res of results) {
        expect(res.status).not.toBe(429);
        expect(headers(res).limit).toBe('120');
      }
    }
    expectLimited(await create(busy), SLOW_DOWN, 120, 60);
    const fresh = await create(quiet);
    expect(fresh.status).not.toBe(429);
    expect(headers(fresh).remaining).toBe('119');
    // Server operations are a separate bucket of their own.
    const status = await stack.api.get('/api/merchants/checkout/sessions/any/status', { apiKey: busy, ip });
    expect(status.status).not.toBe(429);
    expect(headers(status)).toMatchObject({ limit: '120', remaining: '119' });
  });

  it('counts a per-key bucket in the key lookup: a refused key uses nothing, an ended window starts again', async () => {
    const key = await insertKey(team.merchant.id);
    const { id } = await stack.db
      .selectFrom('api_keys')
      .select('id')
      .where('key_hash', '=', sha256Hex(key))
      .executeTakeFirstOrThrow();
    const counter = `session_create:key:${id}`;
    const points = async () =>
      (await stack.db.selectFrom('rate_limits').select('points').where('key', '=', counter).executeTakeFirst())?.points;
    const create = (apiKey = key) => stack.api.post('/api/merchants/checkout/sessions', {}, { apiKey });

    const first = await create();
    expect(headers(first)).toMatchObject({ limit: '120', remaining: '119' });
    expect(Number(headers(first).reset)).toBeGreaterThan(55);
    expect(await points()).toBe(1);
    // The window ends: the next call starts a new one, and the one after counts on in it.
    await stack.db
      .updateTable('rate_limits')
      .set({ expire: Date.now() - 1 })
      .where('key', '=', counter)
      .execute();
    expect(headers(await create())).toMatchObject({ remaining: '119' });
    expect(headers(await create())).toMatchObject({ remaining: '118' });

    // A key stored in the other mode than its shape says is refused and counted nowhere.
    const mislabelled = generateApiKey('live');
    await stack.db
      .insertInto('api_keys')
      .values({ merchant_id: team.merchant.id, name: 'mislabelled', mode: 'test', ...apiKeyRecordFields(mislabelled) })
      .execute();
    expect((await create(mislabelled)).status).toBe(401);
    const mislabelledCounters = await stack.db
      .selectFrom('rate_limits')
      .innerJoin('api_keys', (join) => join.on(sql`rate_limits.key`, '=', sql`'session_create:key:' || api_keys.id`))
      .select('rate_limits.key')
      .where('api_keys.key_hash', '=', sha256Hex(mislabelled))
      .execute();
    expect(mislabelledCounters).toHaveLength(0);

    // Revoked: refused at once, and no longer counted.
    await stack.db.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', id).execute();
    expect((await create()).status).toBe(401);
    expect(await points()).toBe(2);
  });

  it('limits server operations to 120 a minute per API key', async () => {
    const key = await insertKey(team.merchant.id);
    const call = () =>
      stack.api.post(`/api/merchants/checkout/splits/${randomUUID()}/cancel`, undefined, { apiKey: key });
    for (let batch = 0; batch < 6; batch++) {
      const results = await Promise.all(Array.from({ length: 20 }, call));
      for (const res of results) expect(res.status).not.toBe(429);
    }
    expectLimited(await call(), SHORTLY, 120, 60);
  });

  it('limits public lookups to 60 a minute per IP, shared by the session lookup and the pay link', async () => {
    const ip = freshIp();
    const lookups = [
      ...Array.from(
        { length: 30 },
        () => () => stack.api.get(`/api/merchants/checkout/sessions/${randomUUID()}`, { ip }),
      ),
      ...Array.from({ length: 30 }, () => () => stack.api.get(`/api/checkout-splits/pay/${randomUUID()}`, { ip })),
    ];
    const results = await Promise.all(lookups.map((lookup) => lookup()));
    for (const res of results) {
      expect(res.status).not.toBe(429);
      expect(headers(res).limit).toBe('60');
    }
    expectLimited(await stack.api.get(`/api/checkout-splits/pay/${randomUUID()}`, { ip }), SHORTLY, 60, 60);
    expectLimited(await stack.api.get(`/api/merchants/checkout/sessions/${randomUUID()}`, { ip }), SHORTLY, 60, 60);
    expect((await stack.api.get(`/api/checkout-splits/pay/${randomUUID()}`, { ip: freshIp() })).status).not.toBe(429);
  });

  it('limits sign-in to 10 per 10 minutes per IP across start and verify', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const path = i % 2 ? '/api/auth/email/verify' : '/api/auth/email/start';
      const res = await stack.api.post(path, {}, { ip });
      expect(res.status).not.toBe(429);
      expect(headers(res)).toMatchObject({ limit: '10', remaining: String(9 - i) });
    }
    expectLimited(await stack.api.post('/api/auth/email/start', {}, { ip }), LATER, 10, 600);
  });

  it('sends no RateLimit headers on the routes the spec exempts, however often they are called', async () => {
    const ip = freshIp();
    const token = team.owner.token;
    const exempt = [
      () => stack.api.get('/api/merchants/me', { token, ip }),
      () => stack.api.post('/api/merchants/connect', undefined, { token, ip }),
      () => stack.api.patch('/api/merchants', {}, { token, ip }),
      () => stack.api.get('/api/merchants/webhooks/deliveries', { token, ip }),
      () => stack.api.post('/api/checkout-splits', {}, { token, ip }),
    ];
    for (let round = 0; round < 7; round++) {
      for (const call of exempt) {
        const res = await call();
        expect(res.status).not.toBe(429);
        expect(headers(res)).toEqual({ limit: null, remaining: null, reset: null });
      }
    }
  });

  it('takes every bucket from the route rule alone, as the spec lists them', () => {
    const cases: [string, string, string | undefined][] = [
      ['POST', '/api/merchants/checkout/sessions', 'session_create'],
      ['GET', '/api/merchants/checkout/sessions/tok/status', 'server_ops'],
      ['POST', '/api/merchants/checkout/splits/id/refund', 'server_ops'],
      ['POST', '/api/merchants/checkout/splits/id/cancel', 'server_ops'],
      ['POST', '/api/merchants/checkout/splits/id/accept', 'server_ops'],
      // The server's reads of its orders (docs/splits.md, "The server's reads").
      ['GET', '/api/merchants/checkout/splits', 'server_ops'],
      ['GET', '/api/merchants/checkout/splits/id', 'server_ops'],
      ['POST', '/api/checkout-splits/id/accept', undefined],
      // The order page (docs/dashboard.md): its timeline and the dashboard's partial refund.
      ['GET', '/api/checkout-splits/id/timeline', 'server_ops'],
      ['POST', '/api/checkout-splits/id/partial-refund', 'server_ops'],
      ['GET', '/api/checkout-splits/id', undefined],
      ['POST', '/api/merchants/checkout/sessions/tok/remind', 'server_ops'],
      ['GET', '/api/merchants/checkout/sessions/tok', 'public_lookup'],
      ['GET', '/api/checkout-splits/pay/tok', 'public_lookup'],
      // Open seats (docs/splits.md): the group link's lookup, a claim and the buyer's invite by e-mail.
      ['GET', '/api/checkout-splits/join/tok', 'public_lookup'],
      ['POST', '/api/checkout-splits/join/tok/claim', 'server_ops'],
      ['POST', '/api/merchants/checkout/sessions/tok/seats/id/invite', 'server_ops'],
      ['GET', '/join/tok', undefined],
      ['POST', '/api/merchants/credentials/rotate', 'sensitive'],
      ['POST', '/api/merchants/api-keys', 'sensitive'],
      ['POST', '/api/merchants/webhooks/test', 'sensitive'],
      ['POST', '/api/merchants/webhooks/deliveries/id/resend', 'sensitive'],
      ['POST', '/api/merchants/team/invites', 'sensitive'],
      ['POST', '/api/merchants/team/invites/id/resend', 'sensitive'],
      ['DELETE', '/api/merchants/team/invites/id', 'sensitive'],
      ['GET', '/api/merchants/team-invites/tok', 'sensitive'],
      ['POST', '/api/merchants/team-invites/tok/accept', 'sensitive'],
      ['POST', '/api/public/contact', 'sensitive'],
      ['POST', '/api/public/waitlist', 'sensitive'],
      ['POST', '/api/public/partner', 'sensitive'],
      ['POST', '/api/auth/email/start', 'sign_in'],
      ['POST', '/api/auth/email/verify', 'sign_in'],
      ['GET', '/api/merchants/me', undefined],
      ['POST', '/api/merchants/connect', undefined],
      ['PATCH', '/api/merchants', undefined],
      ['GET', '/api/merchants/webhooks/deliveries', undefined],
      ['POST', '/api/checkout-splits', undefined],
      ['GET', '/api/merchants/api-keys', undefined],
      ['GET', '/api/merchants/credentials', undefined],
    ];
    for (const [method, path, bucket] of cases) {
      expect({ method, path, bucket: matchRoute(routeTable, method, path)?.bucket }).toEqual({ method, path, bucket });
    }
  });
});
