import { createMerchant, createUser, type Stack, startStack } from '@groupsplit/testing';

const CONSENT_REQUIRED = { error: 'Consent required', code: 'consent_required' };

describe('terms and privacy consent', () => {
  let stack: Stack;
  let current: { terms_version: string; privacy_version: string };
  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
    current = { terms_version: stack.config.TERMS_VERSION, privacy_version: stack.config.PRIVACY_VERSION };
  });
  afterAll(() => stack.stop());

  it('GET /api/auth/consent shows the current versions and whether they are accepted', async () => {
    const fresh = await createUser(stack.db, { consent: false });
    const res = await stack.api.get('/api/auth/consent', { token: fresh.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...current, accepted: false });
    const accepted = await createUser(stack.db);
    expect((await stack.api.get('/api/auth/consent', { token: accepted.token })).body).toEqual({
      ...current,
      accepted: true,
    });
  });

  it('every session route but /api/auth/* answers 403 consent_required until accepted', async () => {
    const user = await createUser(stack.db, { consent: false });
    await createMerchant(stack.db, user);
    for (const [method, path] of [
      ['GET', '/api/merchants/me'],
      ['GET', '/api/merchants/workspaces'],
      ['GET', '/api/merchants/billing'],
      ['POST', '/api/merchants/register'],
      ['GET', '/api/checkout-splits'],
      ['POST', '/api/checkout-splits'],
    ] as const) {
      const res = await stack.api.call(method, path, { token: user.token, body: method === 'POST' ? {} : undefined });
      expect({ path, status: res.status, body: res.body }).toMatchObject({ path, status: 403, body: CONSENT_REQUIRED });
    }
    // Exempt: reading and accepting consent, and signing out.
    expect((await stack.api.get('/api/auth/consent', { token: user.token })).status).toBe(200);

    const accept = await stack.api.post('/api/auth/consent', current, { token: user.token });
    expect(accept.status).toBe(200);
    expect(accept.body).toEqual({ ...current, accepted: true });
    expect((await stack.api.get('/api/merchants/me', { token: user.token })).status).toBe(200);
    expect((await stack.api.get('/api/merchants/workspaces', { token: user.token })).status).toBe(200);

    // Accepting twice is harmless.
    expect((await stack.api.post('/api/auth/consent', current, { token: user.token })).status).toBe(200);
  });

  it('sign-out works without consent', async () => {
    const user = await createUser(stack.db, { consent: false });
    expect((await stack.api.post('/api/auth/sign-out', undefined, { token: user.token })).status).toBe(200);
  });

  it("does not ask a buyer's hosted-checkout calls for consent", async () => {
    const user = await createUser(stack.db, { consent: false });
    // No page handler exists yet, so checkout's 404 shows the gateway let the call through.
    const res = await stack.api.get('/checkout/some-session-token', { token: user.token });
    expect(res.status).not.toBe(403);
    expect(res.status).not.toBe(401);
  });

  it('refuses other or older versions with 400 and records nothing', async () => {
    const user = await createUser(stack.db, { consent: false });
    for (const body of [
      { terms_version: '2020-01-01', privacy_version: current.privacy_version },
      { terms_version: current.terms_version, privacy_version: '2020-01-01' },
    ]) {
      const res = await stack.api.post('/api/auth/consent', body, { token: user.token });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: `Accept the current terms (${current.terms_version}) and privacy policy (${current.privacy_version})`,
        code: 'consent_version_mismatch',
        ...current,
      });
    }
    const missing = await stack.api.post(
      '/api/auth/consent',
      { terms_version: current.terms_version },
      { token: user.token },
    );
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: 'Send the terms_version and privacy_version you accept',
      code: 'validation_failed',
      details: [{ field: 'privacy_version', message: 'privacy_version is required' }],
    });
    const rows = await stack.db.selectFrom('consents').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toEqual([]);
    expect((await stack.api.get('/api/merchants/workspaces', { token: user.token })).status).toBe(403);
  });
});
