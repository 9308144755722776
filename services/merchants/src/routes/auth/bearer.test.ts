import { randomBytes } from 'node:crypto';
import { sha256Hex } from '@groupsplit/shared';
import { createTeam, createUser, type Stack, startStack } from '@groupsplit/testing';

/**
 * The gateway's bearer rules, per route family (docs/spec.md, Authentication and Errors). Splits
 * routes have no handler yet; every answer below comes from the gateway itself.
 */
describe('bearer authentication through the gateway', () => {
  let stack: Stack;
  let apiKey: string;
  let expiredToken: string;
  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
    const team = await createTeam(stack.db);
    apiKey = `svc_test_${randomBytes(32).toString('hex')}`;
    await stack.db
      .insertInto('api_keys')
      .values({
        merchant_id: team.merchant.id,
        name: 'server',
        mode: 'test',
        key_hash: sha256Hex(apiKey),
        last_four: apiKey.slice(-4),
      })
      .execute();
    const expired = await createUser(stack.db);
    await stack.db
      .updateTable('auth_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', expired.id)
      .execute();
    expiredToken = expired.token;
  });
  afterAll(() => stack.stop());

  const UNAUTHORIZED = { error: 'Unauthorized', code: 'unauthorized' };
  const MISSING = { error: 'Missing or invalid Authorization header', code: 'missing_authorization' };
  const INVALID = { error: 'Invalid token', code: 'invalid_token' };

  describe('merchant routes: 401 Unauthorized', () => {
    it.each([
      ['no header', {}],
      ['a malformed header', { authorization: 'Basic dXNlcjpwYXNz' }],
      ['Bearer with no token', { authorization: 'Bearer' }],
      ['an unknown token', { authorization: 'Bearer not-a-real-token' }],
    ])('with %s', async (_label, headers) => {
      const res = await stack.api.get('/api/merchants/me', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject(UNAUTHORIZED);
    });

    it('with an expired token', async () => {
      const res = await stack.api.get('/api/merchants/me', { token: expiredToken });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject(UNAUTHORIZED);
    });

    it('the same on register and workspaces', async () => {
      for (const [method, path] of [
        ['POST', '/api/merchants/register'],
        ['GET', '/api/merchants/workspaces'],
        ['PUT', '/api/merchants/billing/card'],
      ] as const) {
        const res = await stack.api.call(method, path, { body: method === 'GET' ? undefined : {} });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject(UNAUTHORIZED);
      }
    });
  });

  describe('splits routes', () => {
    it.each([
      ['GET', '/api/checkout-splits'],
      ['POST', '/api/checkout-splits'],
      ['GET', '/api/checkout-splits/mine'],
      ['GET', '/api/checkout-splits/0b7c8f3e-2a52-4c53-9d0e-1f7b8a1c2d3e'],
    ])('%s %s with no bearer: 401 Missing or invalid Authorization header', async (method, path) => {
      const res = await stack.api.call(method, path, { body: method === 'POST' ? {} : undefined });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject(MISSING);
    });

    it('a malformed header is Missing or invalid Authorization header', async () => {
      const res = await stack.api.get('/api/checkout-splits', { headers: { authorization: 'Token abc' } });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject(MISSING);
    });

    it('every API-key call gets Missing or invalid Authorization header, valid key or not', async () => {
      for (const key of [apiKey, 'svc_test_nope']) {
        const res = await stack.api.post('/api/checkout-splits', {}, { apiKey: key });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject(MISSING);
      }
    });

    it('a bad or expired token is Invalid token', async () => {
      for (const token of ['definitely-not-a-token', expiredToken]) {
        const res = await stack.api.get('/api/checkout-splits', { token });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject(INVALID);
      }
    });
  });

  describe('an API key on a session route', () => {
    it.each([
      ['GET', '/api/merchants/me'],
      ['GET', '/api/merchants/workspaces'],
      ['POST', '/api/merchants/register'],
      ['GET', '/api/auth/consent'],
      ['POST', '/api/auth/sign-out'],
    ])('%s %s: 401 Missing or invalid Authorization header', async (method, path) => {
      const res = await stack.api.call(method, path, { apiKey, body: method === 'POST' ? {} : undefined });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject(MISSING);
    });

    it('does not get in the way of a valid bearer sent with it', async () => {
      const user = await createUser(stack.db);
      const res = await stack.api.get('/api/merchants/workspaces', { apiKey, token: user.token });
      expect(res.status).toBe(200);
    });
  });

  it('the /api/auth routes answer Unauthorized without a bearer (except start and verify)', async () => {
    const res = await stack.api.get('/api/auth/consent');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(UNAUTHORIZED);
  });
});
