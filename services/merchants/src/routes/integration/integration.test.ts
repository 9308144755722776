import { createTeam, type Stack, startStack } from '@groupsplit/testing';

const TEST_MODE = { 'x-service-mode': 'test' };

describe('PATCH /api/merchants', () => {
  let stack: Stack;
  beforeAll(async () => {
    // As under `npm start`: private targets allowed, for test-mode URLs only.
    stack = await startStack({ ALLOW_PRIVATE_WEBHOOK_TARGETS: true }, { temporal: false });
  });
  afterAll(() => stack.stop());

  const patch = (token: string, body: unknown, headers: Record<string, string> = {}) =>
    stack.api.patch('/api/merchants', body, { token, headers });
  const credentials = (token: string, headers: Record<string, string> = {}) =>
    stack.api.get('/api/merchants/credentials', { token, headers });

  it('sets the webhook URL of the mode asked for and the allowed domain, and answers with the settings', async () => {
    const { owner, merchant } = await createTeam(stack.db);
    const live = await patch(owner.token, {
      webhook_url: 'https://hooks.shop.example/groupsplit',
      allowed_domain: 'Shop.Example.com',
    });
    expect(live.status).toBe(200);
    expect(live.body).toEqual({
      id: merchant.id,
      mode: 'live',
      webhook_url: 'https://hooks.shop.example/groupsplit',
      allowed_domain: 'shop.example.com',
      test_allowed_domain: null,
    });
    const test = await patch(owner.token, { webhook_url: 'https://test-hooks.shop.example/in' }, TEST_MODE);
    expect(test.body).toEqual({
      id: merchant.id,
      mode: 'test',
      webhook_url: 'https://test-hooks.shop.example/in',
      allowed_domain: 'shop.example.com',
      test_allowed_domain: null,
    });
    expect((await credentials(owner.token)).body.webhook_url).toBe('https://hooks.shop.example/groupsplit');
    expect((await credentials(owner.token, TEST_MODE)).body.webhook_url).toBe('https://test-hooks.shop.example/in');
    const row = await stack.db
      .selectFrom('merchants')
      .select('allowed_domain')
      .where('id', '=', merchant.id)
      .executeTakeFirstOrThrow();
    expect(row.allowed_domain).toBe('shop.example.com');
  });

  it('clears a field sent empty or null, and leaves absent fields alone', async () => {
    const { owner } = await createTeam(stack.db);
    await patch(owner.token, { webhook_url: 'https://hooks.shop.example/a', allowed_domain: 'shop.example' });
    const onlyUrl = await patch(owner.token, { webhook_url: '' });
    expect(onlyUrl.body).toMatchObject({ webhook_url: null, allowed_domain: 'shop.example' });
    const domain = await patch(owner.token, { allowed_domain: null });
    expect(domain.body).toMatchObject({ webhook_url: null, allowed_domain: null });
    const nothing = await patch(owner.token, {});
    expect(nothing.status).toBe(200);
    expect(nothing.body).toMatchObject({ webhook_url: null, allowed_domain: null });
  });

  it('audits every change with before and after, and nothing when nothing changed', async () => {
    const { admin, merchant } = await createTeam(stack.db);
    await patch(admin.token, { webhook_url: 'https://hooks.shop.example/a' });
    await patch(admin.token, { webhook_url: 'https://hooks.shop.example/a' });
    await patch(admin.token, { allowed_domain: 'shop.example' }, TEST_MODE);
    const audit = await stack.db
      .selectFrom('audit_log')
      .select(['action', 'actor_role', 'before', 'after'])
      .where('merchant_id', '=', merchant.id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        action: 'integration.updated',
        actor_role: 'admin',
        before: { mode: 'live', webhook_url: null },
        after: { mode: 'live', webhook_url: 'https://hooks.shop.example/a' },
      },
      {
        action: 'integration.updated',
        actor_role: 'admin',
        before: { mode: 'test', allowed_domain: null },
        after: { mode: 'test', allowed_domain: 'shop.example' },
      },
    ]);
  });

  it.each([
    ['https://shop.example.com/', 'shop.example.com'],
    ['  SHOP.example.com.  ', 'shop.example.com'],
    ['bücher.example', 'xn--bcher-kva.example'],
  ])('stores allowed_domain %j as %j', async (input, stored) => {
    const { owner } = await createTeam(stack.db);
    const res = await patch(owner.token, { allowed_domain: input });
    expect(res.status).toBe(200);
    expect(res.body.allowed_domain).toBe(stored);
  });

  it.each([
    ['shop.example.com/checkout', 'Invalid allowed_domain: enter only the host name, such as shop.example.com'],
    ['shop.example.com:8443', 'Invalid allowed_domain: enter only the host name, such as shop.example.com'],
    ['https://shop.example.com:8443/', 'Invalid allowed_domain: must not include a port'],
    ['https://a:b@shop.example.com/', 'Invalid allowed_domain: must not contain credentials'],
    ['-bad-.example', 'Invalid allowed_domain: enter a host name such as shop.example.com'],
    ['sp ace.example', 'Invalid allowed_domain: enter a host name such as shop.example.com'],
  ])('refuses allowed_domain %j', async (input, error) => {
    const { owner } = await createTeam(stack.db);
    const res = await patch(owner.token, { allowed_domain: input });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error, code: 'invalid_allowed_domain' });
  });

  it('refuses a bad webhook_url with 400 Invalid webhook_url and changes nothing', async () => {
    const { owner } = await createTeam(stack.db);
    await patch(owner.token, { webhook_url: 'https://hooks.shop.example/a', allowed_domain: 'shop.example' });
    const cases: [unknown, string][] = [
      ['ftp://hooks.shop.example/', 'Invalid webhook_url: must use https'],
      ['https://u:p@hooks.shop.example/', 'Invalid webhook_url: must not contain credentials'],
      ['nonsense', 'Invalid webhook_url: not a valid URL'],
      [42, 'Invalid webhook_url: must be a string, or empty to clear it'],
    ];
    for (const [webhook_url, error] of cases) {
      const res = await patch(owner.token, { webhook_url, allowed_domain: 'other.example' });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(error);
    }
    const after = await patch(owner.token, {});
    expect(after.body).toMatchObject({ webhook_url: 'https://hooks.shop.example/a', allowed_domain: 'shop.example' });
  });

  it.each([
    ['https://127.0.0.1/x', 'host is a loopback address'],
    ['https://169.254.169.254/latest', 'host is a cloud metadata address'],
    ['https://10.0.0.8/x', 'host is a private address'],
    ['http://127.0.0.1:4000/hook', 'must use https'],
    ['https://localhost/hook', 'host must be a public domain name'],
  ])('checks a live webhook_url in full even with ALLOW_PRIVATE_WEBHOOK_TARGETS on: %s', async (url, reason) => {
    const { owner } = await createTeam(stack.db);
    const res = await patch(owner.token, { webhook_url: url });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: `Invalid webhook_url: ${reason}`, code: 'invalid_webhook_url' });
    expect((await credentials(owner.token)).body.webhook_url).toBeNull();
  });

  it('accepts a test-mode http://127.0.0.1:<port>/hook with ALLOW_PRIVATE_WEBHOOK_TARGETS on, for test mode only', async () => {
    const { owner } = await createTeam(stack.db);
    const url = 'http://127.0.0.1:4242/hook';
    const res = await patch(owner.token, { webhook_url: url }, TEST_MODE);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mode: 'test', webhook_url: url });
    expect((await credentials(owner.token, TEST_MODE)).body.webhook_url).toBe(url);
    // The same URL is not good enough for live.
    const live = await patch(owner.token, { webhook_url: url });
    expect(live.status).toBe(400);
    expect(live.body.error).toBe('Invalid webhook_url: must use https');
    expect((await credentials(owner.token)).body.webhook_url).toBeNull();
  });

  it("refuses a test-mode URL on one of the service's own ports, private targets allowed or not", async () => {
    const { owner } = await createTeam(stack.db);
    for (const base of [stack.urls.merchants, stack.urls.checkout, stack.urls.gateway, stack.urls.emulator]) {
      const url = `${base}/internal/openapi.json`;
      const res = await patch(owner.token, { webhook_url: url }, TEST_MODE);
      expect({ url, status: res.status, body: res.body }).toMatchObject({
        url,
        status: 400,
        body: {
          error: "Invalid webhook_url: must not be one of this service's own ports",
          code: 'invalid_webhook_url',
        },
      });
    }
  });

  it('refuses a test-mode URL on a link-local address or an operator UI, and saves the quickstart’s localhost receiver', async () => {
    const { owner } = await createTeam(stack.db);
    for (const [url, reason] of [
      ['http://169.254.169.254/latest/meta-data/', 'host is a cloud metadata address'],
      ['http://[fe80::1]:4000/webhooks', 'host is a link-local address'],
      [
        `http://127.0.0.1:${stack.config.TEMPORAL_UI_PORT}/api/v1/settings`,
        "must not be one of this service's own ports",
      ],
      [`http://localhost:${stack.config.MAIL_UI_PORT}/api/v1/messages`, "must not be one of this service's own ports"],
    ]) {
      const res = await patch(owner.token, { webhook_url: url }, TEST_MODE);
      expect({ url, status: res.status, body: res.body }).toMatchObject({
        url,
        status: 400,
        body: { error: `Invalid webhook_url: ${reason}`, code: 'invalid_webhook_url' },
      });
    }
    const quickstart = await patch(owner.token, { webhook_url: 'http://localhost:4000/webhooks' }, TEST_MODE);
    expect(quickstart.status).toBe(200);
    expect(quickstart.body.webhook_url).toBe('http://localhost:4000/webhooks');
  });

  it('is for Owner and Admin only, and is not rate limited', async () => {
    const team = await createTeam(stack.db);
    for (const role of ['finance', 'member'] as const) {
      const res = await patch(team[role].token, { allowed_domain: 'shop.example' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('business_forbidden');
    }
    const ip = '203.0.113.77';
    for (let i = 0; i < 8; i++) {
      const res = await stack.api.patch('/api/merchants', {}, { token: team.owner.token, ip });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBeNull();
      expect(res.headers.get('ratelimit-remaining')).toBeNull();
    }
  });

  describe('create_webhook_secret (the dashboard saves a URL with a working secret)', () => {
    const audits = (merchantId: string) =>
      stack.db
        .selectFrom('audit_log')
        .select(['action', 'after'])
        .where('merchant_id', '=', merchantId)
        .where('action', 'like', 'webhook_secret.%')
        .execute();

    it('creates the mode’s first secret as rotate would, and answers with it once', async () => {
      const { owner, merchant } = await createTeam(stack.db);
      const res = await patch(
        owner.token,
        { webhook_url: 'https://test-hooks.shop.example/in', create_webhook_secret: true },
        TEST_MODE,
      );
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual([
        'id',
        'mode',
        'webhook_url',
        'allowed_domain',
        'test_allowed_domain',
        'webhook_secret',
      ]);
      expect(res.body).toMatchObject({
        id: merchant.id,
        mode: 'test',
        webhook_url: 'https://test-hooks.shop.example/in',
      });
      expect(res.body.webhook_secret).toMatch(/^whsec_[0-9a-f]{64}$/);
      // Reveal afterwards shows the same secret; live mode got none.
      expect((await credentials(owner.token, TEST_MODE)).body.webhook_secret).toBe(res.body.webhook_secret);
      expect((await credentials(owner.token)).body.webhook_secret).toBeNull();
      expect(await audits(merchant.id)).toEqual([
        { action: 'webhook_secret.created', after: { mode: 'test', last_four: res.body.webhook_secret.slice(-4) } },
      ]);

      // Saved again with the flag: the secret stays, and the answer does not carry it.
      const again = await patch(
        owner.token,
        { webhook_url: 'https://test-hooks.shop.example/other', create_webhook_secret: true },
        TEST_MODE,
      );
      expect(again.status).toBe(200);
      expect(again.body).not.toHaveProperty('webhook_secret');
      expect((await credentials(owner.token, TEST_MODE)).body.webhook_secret).toBe(res.body.webhook_secret);
      expect(await audits(merchant.id)).toHaveLength(1);
    });

    it('never replaces a secret made with rotate', async () => {
      const { owner } = await createTeam(stack.db);
      const rotated = await stack.api.post(
        '/api/merchants/credentials/rotate',
        { target: 'webhook_secret' },
        { token: owner.token },
      );
      const res = await patch(owner.token, {
        webhook_url: 'https://hooks.shop.example/in',
        create_webhook_secret: true,
      });
      expect(res.body).not.toHaveProperty('webhook_secret');
      expect((await credentials(owner.token)).body.webhook_secret).toBe(rotated.body.value);
    });

    it('without the flag (or with false) creates nothing, and the answer is as before', async () => {
      const { owner, merchant } = await createTeam(stack.db);
      for (const body of [
        { webhook_url: 'https://hooks.shop.example/in' },
        { webhook_url: 'https://hooks.shop.example/in2', create_webhook_secret: false },
      ]) {
        const res = await patch(owner.token, body);
        expect(res.status).toBe(200);
        expect(Object.keys(res.body)).toEqual(['id', 'mode', 'webhook_url', 'allowed_domain', 'test_allowed_domain']);
      }
      expect((await credentials(owner.token)).body.webhook_secret).toBeNull();
      expect(await audits(merchant.id)).toEqual([]);
    });

    it('creates nothing when the URL is refused, and refuses a flag that is not a boolean', async () => {
      const { owner } = await createTeam(stack.db);
      const refused = await patch(owner.token, {
        webhook_url: 'http://hooks.shop.example/in',
        create_webhook_secret: true,
      });
      expect(refused.status).toBe(400);
      expect((await credentials(owner.token)).body.webhook_secret).toBeNull();
      const typed = await patch(owner.token, { create_webhook_secret: 'yes' });
      expect(typed.status).toBe(400);
      expect(typed.body).toMatchObject({
        error: 'Invalid create_webhook_secret: must be true or false',
        code: 'validation_failed',
      });
    });
  });
});

describe('PATCH /api/merchants with ALLOW_PRIVATE_WEBHOOK_TARGETS off (production)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ ALLOW_PRIVATE_WEBHOOK_TARGETS: false }, { temporal: false });
  });
  afterAll(() => stack.stop());

  it.each([
    ['http://hooks.shop.example/in', 'must use https'],
    ['https://127.0.0.1/in', 'host is a loopback address'],
    ['https://2130706433/in', 'host is a loopback address'],
    ['https://0177.0.0.1/in', 'host is a loopback address'],
    ['https://[::ffff:127.0.0.1]/in', 'host is a loopback address'],
    ['https://169.254.169.254/latest', 'host is a cloud metadata address'],
    ['https://[fd00:ec2::254]/', 'host is a cloud metadata address'],
    ['https://10.0.0.8/in', 'host is a private address'],
    ['https://100.64.1.1/in', 'host is a shared address space (CGNAT) address'],
    ['https://localhost/in', 'host must be a public domain name'],
  ])('refuses %s', async (url, reason) => {
    const { owner } = await createTeam(stack.db);
    const res = await stack.api.patch('/api/merchants', { webhook_url: url }, { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(`Invalid webhook_url: ${reason}`);
  });

  it('checks a test-mode URL in full too', async () => {
    const { owner } = await createTeam(stack.db);
    const res = await stack.api.patch(
      '/api/merchants',
      { webhook_url: 'http://127.0.0.1:4242/hook' },
      { token: owner.token, headers: { 'x-service-mode': 'test' } },
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid webhook_url: must use https');
  });

  it('accepts a public https URL', async () => {
    const { owner } = await createTeam(stack.db);
    const res = await stack.api.patch(
      '/api/merchants',
      { webhook_url: 'https://93.184.216.34/hooks' },
      { token: owner.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.webhook_url).toBe('https://93.184.216.34/hooks');
  });
});
