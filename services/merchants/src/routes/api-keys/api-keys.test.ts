import { PAUSED_MESSAGE, sha256Hex } from '@groupsplit/shared';
import { createMerchant, createTeam, createUser, type Stack, startStack } from '@groupsplit/testing';

const TEST_MODE = { 'x-service-mode': 'test' };
/** Any hosted-checkout server route: the gateway answers 401 `Invalid API Key` before checkout sees it. */
const SERVER_ROUTE = '/api/merchants/checkout/sessions/no-such-session/status';

describe('API keys', () => {
  let stack: Stack;
  let team: Awaited<ReturnType<typeof createTeam>>;

  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
    team = await createTeam(stack.db);
  });
  afterAll(() => stack.stop());

  const createKey = (token: string, body: unknown = {}, headers: Record<string, string> = {}) =>
    stack.api.post('/api/merchants/api-keys', body, { token, headers });
  const auditRows = (merchantId: string, action: string) =>
    stack.db
      .selectFrom('audit_log')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('action', '=', action)
      .execute();

  it('creates a live svc_prod_ key, shows it once, and stores only its hash', async () => {
    const res = await createKey(team.owner.token, { name: 'Shop server' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['created_at', 'id', 'key', 'last_four', 'mode', 'name']);
    expect(res.body).toMatchObject({ name: 'Shop server', mode: 'live' });
    expect(res.body.key).toMatch(/^svc_prod_[0-9a-f]{64}$/);
    expect(res.body.last_four).toBe(res.body.key.slice(-4));

    const row = await stack.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(sha256Hex(res.body.key));
    expect(JSON.stringify(row)).not.toContain(res.body.key.slice(9));

    const listed = await stack.api.get('/api/merchants/api-keys', { token: team.owner.token });
    expect(listed.status).toBe(200);
    expect(listed.text).not.toContain(res.body.key.slice(9));
    const audit = await auditRows(team.merchant.id, 'api_key.created');
    expect(audit.some((entry) => (entry.after as { id: string }).id === res.body.id)).toBe(true);
    expect(JSON.stringify(audit)).not.toContain(res.body.key.slice(9));
  });

  it('creates a svc_test_ key when X-Service-Mode is test, with a default name', async () => {
    const res = await createKey(team.admin.token, {}, TEST_MODE);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ mode: 'test', name: 'Test key' });
    expect(res.body.key).toMatch(/^svc_test_[0-9a-f]{64}$/);
  });

  it('refuses a name over 100 characters', async () => {
    const res = await createKey(team.owner.token, { name: 'x'.repeat(101) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Validation failed', code: 'validation_failed' });
  });

  it('lets only Owner and Admin create, list or revoke keys', async () => {
    const { body: key } = await createKey(team.owner.token);
    for (const role of ['finance', 'member'] as const) {
      const token = team[role].token;
      for (const res of [
        await createKey(token, {}, TEST_MODE),
        await stack.api.get('/api/merchants/api-keys', { token }),
        await stack.api.post(`/api/merchants/api-keys/${key.id}/revoke`, undefined, { token }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('business_forbidden');
      }
    }
  });

  it('refuses a live key to a business that is not verified, but not a test key or a grandfathered business', async () => {
    const owner = await createUser(stack.db);
    await createMerchant(stack.db, owner, { verification_status: 'pending' });
    const live = await createKey(owner.token);
    expect(live.status).toBe(403);
    expect(live.body.code).toBe('live_key_needs_verification');
    expect(typeof live.body.error).toBe('string');
    expect((await createKey(owner.token, {}, TEST_MODE)).status).toBe(201);

    const veteran = await createUser(stack.db);
    await createMerchant(stack.db, veteran, { verification_status: 'unverified', verification_grandfathered: true });
    expect((await createKey(veteran.token)).status).toBe(201);
  });

  it('lists key records of both modes, newest first, with last_used_at and revocation but never the key', async () => {
    const { merchant, owner } = await createTeam(stack.db);
    const first = (await createKey(owner.token, { name: 'first' })).body;
    const second = (await createKey(owner.token, { name: 'second' }, TEST_MODE)).body;
    await stack.api.post(`/api/merchants/api-keys/${first.id}/revoke`, undefined, { token: owner.token });
    await stack.api.get(SERVER_ROUTE, { apiKey: second.key });

    const res = await stack.api.get('/api/merchants/api-keys', { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.map((k: { id: string }) => k.id)).toEqual([second.id, first.id]);
    expect(res.body[0]).toEqual({
      id: second.id,
      name: 'second',
      mode: 'test',
      last_four: second.last_four,
      created_at: second.created_at,
      last_used_at: expect.any(String),
      revoked: false,
      revoked_at: null,
    });
    expect(res.body[1]).toMatchObject({ id: first.id, mode: 'live', revoked: true, last_used_at: null });
    expect(res.body[1].revoked_at).toEqual(expect.any(String));
    expect(res.text).not.toContain('"key"');
    expect(await auditRows(merchant.id, 'api_key.revoked')).toHaveLength(1);
  });

  it('stops a revoked key on its very next use while the other keys keep working', async () => {
    const { owner } = await createTeam(stack.db);
    const doomed = (await createKey(owner.token)).body;
    const kept = (await createKey(owner.token)).body;
    const beforeRevoke = await stack.api.get(SERVER_ROUTE, { apiKey: doomed.key });
    expect(beforeRevoke.status).not.toBe(401);

    const revoke = await stack.api.post(`/api/merchants/api-keys/${doomed.id}/revoke`, undefined, {
      token: owner.token,
    });
    expect(revoke.status).toBe(200);
    expect(revoke.body).toMatchObject({ id: doomed.id, revoked: true, revoked_at: expect.any(String) });

    const after = await stack.api.get(SERVER_ROUTE, { apiKey: doomed.key });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ error: 'Invalid API Key', code: 'invalid_api_key' });
    expect((await stack.api.get(SERVER_ROUTE, { apiKey: kept.key })).status).not.toBe(401);

    // Revoking again is harmless and reports the original time.
    const again = await stack.api.post(`/api/merchants/api-keys/${doomed.id}/revoke`, undefined, {
      token: owner.token,
    });
    expect(again.status).toBe(200);
    expect(again.body.revoked_at).toBe(revoke.body.revoked_at);
  });

  it('allows revocation on a business whose verification is not finished', async () => {
    const owner = await createUser(stack.db);
    await createMerchant(stack.db, owner, { verification_status: 'pending' });
    const key = (await createKey(owner.token, {}, TEST_MODE)).body;
    const res = await stack.api.post(`/api/merchants/api-keys/${key.id}/revoke`, undefined, { token: owner.token });
    expect(res.status).toBe(200);
  });

  it('keeps a paused workspace read-only: the Owner still lists keys but cannot create or revoke one', async () => {
    // docs/spec.md, Authentication rule 7: "A paused workspace is read-only: every action beyond viewing
    // gives 403 `business_forbidden` with a paused message, for every role including Owner."
    const owner = await createUser(stack.db);
    const merchant = await createMerchant(stack.db, owner);
    const key = (await createKey(owner.token)).body;
    await stack.db.updateTable('merchants').set({ paused_at: new Date() }).where('id', '=', merchant.id).execute();

    const listed = await stack.api.get('/api/merchants/api-keys', { token: owner.token });
    expect(listed.status).toBe(200);
    expect(listed.body.map((record: { id: string }) => record.id)).toEqual([key.id]);

    const created = await createKey(owner.token);
    const revoked = await stack.api.post(`/api/merchants/api-keys/${key.id}/revoke`, undefined, { token: owner.token });
    for (const res of [created, revoked]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: PAUSED_MESSAGE, code: 'business_forbidden' });
    }
  });

  it("answers 404 for an unknown id, a malformed id and another business's key", async () => {
    const other = await createTeam(stack.db);
    const theirs = (await createKey(other.owner.token)).body;
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', theirs.id]) {
      const res = await stack.api.post(`/api/merchants/api-keys/${id}/revoke`, undefined, { token: team.owner.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'API key not found', code: 'api_key_not_found' });
    }
    expect((await stack.api.get(SERVER_ROUTE, { apiKey: theirs.key })).status).not.toBe(401);
  });

  it('refuses a missing, unknown or malformed key with 401 Invalid API Key', async () => {
    for (const apiKey of [undefined, `svc_prod_${'a'.repeat(64)}`, 'svc_test_nope', 'Bearer x']) {
      const res = await stack.api.get(SERVER_ROUTE, { apiKey });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: 'Invalid API Key', code: 'invalid_api_key' });
    }
  });

  it('records last_used_at on use without rewriting it on every request', async () => {
    const { owner } = await createTeam(stack.db);
    const key = (await createKey(owner.token)).body;
    const lastUsed = () =>
      stack.db.selectFrom('api_keys').select('last_used_at').where('id', '=', key.id).executeTakeFirstOrThrow();
    expect((await lastUsed()).last_used_at).toBeNull();
    await stack.api.get(SERVER_ROUTE, { apiKey: key.key });
    const first = (await lastUsed()).last_used_at;
    expect(first).toBeInstanceOf(Date);
    await stack.api.get(SERVER_ROUTE, { apiKey: key.key });
    expect((await lastUsed()).last_used_at).toEqual(first);

    // Once the recorded use is over a minute old, the next use moves it on.
    const old = new Date(Date.now() - 120_000);
    await stack.db.updateTable('api_keys').set({ last_used_at: old }).where('id', '=', key.id).execute();
    await stack.api.get(SERVER_ROUTE, { apiKey: key.key });
    expect((await lastUsed()).last_used_at!.getTime()).toBeGreaterThan(old.getTime() + 60_000);
  });
});
