import { decryptSecret, getWebhookSettings, webhookSecretContext } from '@groupsplit/shared';
import { createTeam, type Stack, startStack } from '@groupsplit/testing';

const TEST_MODE = { 'x-service-mode': 'test' };

describe('credentials', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
  });
  afterAll(() => stack.stop());

  const rotate = (token: string, body: unknown, headers: Record<string, string> = {}) =>
    stack.api.post('/api/merchants/credentials/rotate', body, { token, headers });
  const read = (token: string, headers: Record<string, string> = {}) =>
    stack.api.get('/api/merchants/credentials', { token, headers });

  it('reads null until a secret is created, live unless test is asked for', async () => {
    const { owner } = await createTeam(stack.db);
    const live = await read(owner.token);
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ mode: 'live', webhook_url: null, webhook_secret: null });
    expect((await read(owner.token, TEST_MODE)).body).toEqual({
      mode: 'test',
      webhook_url: null,
      webhook_secret: null,
    });
  });

  it('creates on first rotation and replaces on the next; the old value no longer signs', async () => {
    const { owner, merchant } = await createTeam(stack.db);
    const first = await rotate(owner.token, { target: 'webhook_secret' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      target: 'webhook_secret',
      value: expect.stringMatching(/^whsec_[0-9a-f]{64}$/),
      mode: 'live',
    });
    expect((await read(owner.token)).body.webhook_secret).toBe(first.body.value);

    const second = await rotate(owner.token, { target: 'webhook_secret' });
    expect(second.status).toBe(200);
    expect(second.body.value).not.toBe(first.body.value);
    expect((await read(owner.token)).body.webhook_secret).toBe(second.body.value);

    // What delivery signs with is the new secret alone; the old one is only kept on record.
    const settings = await getWebhookSettings(stack.db, stack.config, merchant.id, 'live');
    expect(settings.secret).toBe(second.body.value);
    expect(settings.previousSecret).toBe(first.body.value);
    expect(settings.rotatedAt).toBeInstanceOf(Date);

    const audit = await stack.db
      .selectFrom('audit_log')
      .select(['action', 'actor_role'])
      .where('merchant_id', '=', merchant.id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'webhook_secret.created', actor_role: 'owner' },
      { action: 'webhook_secret.rotated', actor_role: 'owner' },
    ]);
  });

  it('keeps test and live secrets apart', async () => {
    const { admin } = await createTeam(stack.db);
    const test = await rotate(admin.token, { target: 'webhook_secret' }, TEST_MODE);
    expect(test.body.mode).toBe('test');
    expect((await read(admin.token)).body.webhook_secret).toBeNull();
    expect((await read(admin.token, TEST_MODE)).body.webhook_secret).toBe(test.body.value);
  });

  it('stores the secret encrypted: the raw column is not the secret and opens only with its own context', async () => {
    const { owner, merchant } = await createTeam(stack.db);
    const { value } = (await rotate(owner.token, { target: 'webhook_secret' })).body;
    const row = await stack.db
      .selectFrom('webhook_settings')
      .selectAll()
      .where('merchant_id', '=', merchant.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_ciphertext).not.toContain(value);
    expect(row.secret_ciphertext).not.toContain(value.slice(6));
    expect(row.secret_ciphertext).toMatch(/^v1\./);
    const key = stack.config.ENCRYPTION_KEY;
    expect(decryptSecret(row.secret_ciphertext!, key, webhookSecretContext(merchant.id, 'live'))).toBe(value);
    expect(() => decryptSecret(row.secret_ciphertext!, key, webhookSecretContext(merchant.id, 'test'))).toThrow();
  });

  it('sends API keys to their own routes with 400 use_api_keys, and refuses other targets', async () => {
    const { owner } = await createTeam(stack.db);
    const res = await rotate(owner.token, { target: 'api_key' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('use_api_keys');
    expect(typeof res.body.error).toBe('string');
    for (const body of [{}, { target: 'password' }, { target: 7 }]) {
      const bad = await rotate(owner.token, body);
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('validation_failed');
    }
  });

  it('is for Owner and Admin only', async () => {
    const team = await createTeam(stack.db);
    for (const role of ['finance', 'member'] as const) {
      for (const res of [await read(team[role].token), await rotate(team[role].token, { target: 'webhook_secret' })]) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('business_forbidden');
      }
    }
    expect((await read(team.admin.token)).status).toBe(200);
  });

  it('lets a paused workspace read but not rotate', async () => {
    const { owner, merchant } = await createTeam(stack.db);
    await stack.db.updateTable('merchants').set({ paused_at: new Date() }).where('id', '=', merchant.id).execute();
    expect((await read(owner.token)).status).toBe(200);
    const res = await rotate(owner.token, { target: 'webhook_secret' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('business_forbidden');
  });
});
