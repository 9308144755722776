import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiKeyRecordFields, EXACT_SHAPE_ANSWERS, generateApiKey } from '@groupsplit/shared';
import type { ApiResponse } from './api';
import { createSplitReadyMerchant } from './factories-processor';
import { type Stack, startStack } from './stack';

const ROOT = join(__dirname, '..', '..');
const SHOP = 'shop.example.com';
const STAGING = 'staging.shop.example';
const RETURN_MESSAGE = 'return_url must be https and match your allowed return domain';
const NEEDS_SESSION = 'This route needs a signed-in dashboard session, not an API key';
const LIVE_ASSUMED =
  'No X-Service-Mode header was sent, so live mode was assumed; send X-Service-Mode: test for test mode.';
const KEY_DECIDES =
  'This is a test API key, so the call ran in test mode: the key decides the mode and X-Service-Mode: live was ignored.';

/**
 * Errors that say what to do (docs/errors.md, "Request id, docs link and hint"): the spec's `error`
 * unchanged, `request_id` equal to the X-Request-Id header, a `doc_url` that resolves, and a `hint`
 * where there is something to do; the answers documented as exactly `{ error }` stay exactly that.
 */
describe('error answers', () => {
  let stack: Stack;
  let shop: Awaited<ReturnType<typeof createSplitReadyMerchant>> & { testKey: string; liveKey: string };
  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
    const ready = await createSplitReadyMerchant(stack);
    await stack.db
      .updateTable('merchants')
      .set({ allowed_domain: SHOP, test_allowed_domain: STAGING })
      .where('id', '=', ready.merchant.id)
      .execute();
    const keys = { testKey: generateApiKey('test'), liveKey: generateApiKey('live') };
    for (const [mode, key] of [
      ['test', keys.testKey],
      ['live', keys.liveKey],
    ] as const) {
      await stack.db
        .insertInto('api_keys')
        .values({ merchant_id: ready.merchant.id, name: mode, mode, ...apiKeyRecordFields(key) })
        .execute();
    }
    shop = { ...ready, ...keys };
  });
  afterAll(() => stack.stop());

  /** The additive fields of an error answer: request_id is the header's value, doc_url resolves to the code's anchor. */
  async function expectLinked(res: ApiResponse, anchor: string) {
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    expect(res.body.request_id).toBe(requestId);
    expect(res.body.doc_url).toBe(`${stack.urls.gateway}/docs/errors#${anchor}`);
    const page = await fetch(res.body.doc_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`id="${anchor}"`);
  }

  const createSession = (body: Record<string, unknown>, key: string, headers: Record<string, string> = {}) =>
    stack.api.post('/api/merchants/checkout/sessions', body, { apiKey: key, headers });

  it('tells a key sent as a bearer token to use X-Merchant-API-Key', async () => {
    const res = await stack.api.post(
      '/api/merchants/checkout/sessions',
      { amount: 60, return_url: `https://${SHOP}/x` },
      { token: shop.testKey },
    );
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      error: 'Invalid API Key',
      code: 'invalid_api_key',
      hint: 'Send API keys in the X-Merchant-API-Key header',
    });
    await expectLinked(res, 'invalid_api_key');

    const none = await stack.api.post('/api/merchants/checkout/sessions', {
      amount: 60,
      return_url: `https://${SHOP}/x`,
    });
    expect(none.status).toBe(401);
    expect(none.body.hint).toBe('Send your API key in the X-Merchant-API-Key header');
  });

  it('keeps the spec answer of a session route called with a key, and says it needs a signed-in session', async () => {
    const res = await stack.api.get('/api/merchants/me', { apiKey: shop.liveKey });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      error: 'Missing or invalid Authorization header',
      code: 'missing_authorization',
      hint: NEEDS_SESSION,
    });
    await expectLinked(res, 'missing_authorization');
    // A key as a bearer token on a merchant route: its spec'd `Unauthorized`, and the same hint.
    const asBearer = await stack.api.get('/api/merchants/me', { token: shop.liveKey });
    expect(asBearer.body).toMatchObject({ error: 'Unauthorized', code: 'unauthorized', hint: NEEDS_SESSION });
  });

  it("repeats an unknown field's Did you mean in the hint", async () => {
    const res = await createSession({ amount: 60, retrun_url: `https://${SHOP}/x` }, shop.liveKey);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'Validation failed',
      code: 'validation_failed',
      details: [{ field: 'retrun_url', message: 'Unknown field retrun_url. Did you mean return_url?' }],
      hint: 'Unknown field retrun_url. Did you mean return_url?',
    });
    await expectLinked(res, 'validation_failed');
  });

  it('says which return_url check failed and names the domain of the mode', async () => {
    const cases: [string, string, string][] = [
      [
        shop.testKey,
        `http://${STAGING}/thanks`,
        `return_url must use https. Test mode allows ${STAGING} (test_allowed_domain`,
      ],
      [
        shop.testKey,
        '/thanks',
        `return_url must be an absolute URL (https://${STAGING}/…). Test mode allows ${STAGING}`,
      ],
      [
        shop.testKey,
        `https://${SHOP}/thanks`,
        `return_url's host is not the allowed domain. Test mode allows ${STAGING} (test_allowed_domain`,
      ],
      [
        shop.liveKey,
        `https://${STAGING}/thanks`,
        `return_url's host is not the allowed domain. Live mode allows ${SHOP} (allowed_domain`,
      ],
    ];
    for (const [key, url, hint] of cases) {
      const res = await createSession({ amount: 60, return_url: url }, key);
      expect({ url, status: res.status, error: res.body.error, code: res.body.code }).toEqual({
        url,
        status: 400,
        error: RETURN_MESSAGE,
        code: 'invalid_return_url',
      });
      expect(res.body.hint).toContain(hint);
    }
    const cancel = await createSession(
      { amount: 60, return_url: `https://${SHOP}/x`, cancel_url: 'http://192.168.1.2/' },
      shop.liveKey,
    );
    expect(cancel.body).toMatchObject({
      code: 'invalid_cancel_url',
      hint: expect.stringContaining('cancel_url must use https'),
    });
    await expectLinked(cancel, 'invalid_cancel_url');

    await stack.db.updateTable('merchants').set({ allowed_domain: null }).where('id', '=', shop.merchant.id).execute();
    try {
      const unset = await createSession({ amount: 60, return_url: `https://${SHOP}/x` }, shop.liveKey);
      expect(unset.body).toMatchObject({
        error: RETURN_MESSAGE,
        hint: 'No return domain is set for live mode: set allowed_domain with PATCH /api/merchants.',
      });
      await expectLinked(unset, 'invalid_return_url');
    } finally {
      await stack.db
        .updateTable('merchants')
        .set({ allowed_domain: SHOP })
        .where('id', '=', shop.merchant.id)
        .execute();
    }
  });

  it('names the mode a bearer call without X-Service-Mode assumed, on its errors', async () => {
    const owner = { token: shop.owner.token };
    const res = await stack.api.get('/api/merchants/webhooks/deliveries?limt=5', owner);
    expect(res.status).toBe(400);
    expect(res.body.hint).toBe(`Unknown query parameter limt. Did you mean limit? ${LIVE_ASSUMED}`);
    await expectLinked(res, 'validation_failed');
    const test = await stack.api.get('/api/merchants/webhooks/deliveries?limt=5', {
      ...owner,
      headers: { 'x-service-mode': 'test' },
    });
    expect(test.body.hint).toBe('Unknown query parameter limt. Did you mean limit?');
  });

  it('warns a test key sent with X-Service-Mode: live, without changing the answer', async () => {
    const live = { 'x-service-mode': 'live' };
    const created = await createSession({ amount: 60, return_url: `https://${STAGING}/x` }, shop.testKey, live);
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty('hint');
    expect(created.headers.get('x-service-mode-warning')).toBe(KEY_DECIDES);

    const refused = await createSession({ amount: 60, return_url: `https://${SHOP}/x` }, shop.testKey, live);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('x-service-mode-warning')).toBe(KEY_DECIDES);
    await expectLinked(refused, 'invalid_return_url');
    expect(refused.body.hint).toMatch(
      new RegExp(`Test mode allows ${STAGING.replace(/\./g, '\\.')}.* ${KEY_DECIDES}$`),
    );
    // The key's own mode sent: nothing to warn about.
    const same = await createSession({ amount: 60, return_url: `https://${SHOP}/x` }, shop.testKey, {
      'x-service-mode': 'test',
    });
    expect(same.headers.get('x-service-mode-warning')).toBeNull();
    expect(same.body.hint).not.toContain('X-Service-Mode');
  });

  it("keeps the spec's exactly-{ error } answers exactly that, with the X-Request-Id header", async () => {
    const owner = { token: shop.owner.token };
    const base = { merchantId: shop.merchant.id, orderReference: 'r' };
    const bodies: [Record<string, unknown>, string][] = [
      [{ merchantId: 1, orderReference: 'r', participants: [] }, 'Validation failed'],
      [{ ...base, participants: [] }, 'A checkout split needs at least one participant'],
      [
        { ...base, participants: [{ email: 'a@b.c', amountMinor: 1.5 }] },
        'Each participant needs an email and a positive integer amountMinor',
      ],
      [{ ...base, participants: [{ email: 'a@b.c', amountMinor: 99 }] }, 'Each share must be at least £1.'],
    ];
    const listed = EXACT_SHAPE_ANSWERS.flatMap((answer) => answer.errors);
    expect(bodies.map(([, message]) => message).sort()).toEqual([...listed].sort());
    for (const [body, message] of bodies) {
      const res = await stack.api.post('/api/checkout-splits', body, owner);
      expect([res.status, res.body]).toEqual([400, { error: message }]);
      expect(res.headers.get('x-request-id')).toBeTruthy();
    }
    // The same route's unknown-field refusal is not one of them: it has a code and details, and the fields.
    const unknown = await stack.api.post('/api/checkout-splits', { ...base, participants: [], colour: 'red' }, owner);
    expect(unknown.body).toMatchObject({ error: 'Validation failed', code: 'validation_failed' });
    await expectLinked(unknown, 'validation_failed');
  });

  it('answers every request with an X-Request-Id, adopting a well-formed one the caller sent', async () => {
    for (const path of ['/healthz', '/docs', '/docs/errors', '/api/openapi.json']) {
      const res = await fetch(`${stack.urls.gateway}${path}`);
      expect({ path, id: Boolean(res.headers.get('x-request-id')) }).toEqual({ path, id: true });
    }
    const mine = await stack.api.get('/api/no-such-route', { headers: { 'x-request-id': 'support-case-42' } });
    expect(mine.status).toBe(404);
    expect(mine.headers.get('x-request-id')).toBe('support-case-42');
    expect(mine.body).toMatchObject({ error: 'Not found', code: 'route_not_found', request_id: 'support-case-42' });
    await expectLinked(mine, 'route_not_found');
    // Through a service too: the gateway's id is the one the service answers with.
    const viaService = await stack.api.get('/api/merchants/me', {
      token: shop.owner.token,
      headers: { 'x-request-id': 'support-case-43', 'x-service-mode': 'bogus' },
    });
    expect(viaService.status).toBe(400);
    expect(viaService.body).toMatchObject({ code: 'invalid_service_mode', request_id: 'support-case-43' });
  });

  it('has an anchor on /docs/errors for every code the API documents', async () => {
    const codes = [
      ...new Set(
        [
          ...readFileSync(join(ROOT, 'client', 'src', 'error-codes.ts'), 'utf8').matchAll(/^\s+'([a-z0-9_]+)',?$/gm),
        ].map((match) => match[1] as string),
      ),
    ];
    expect(codes.length).toBeGreaterThan(50);
    const page = await (await fetch(`${stack.urls.gateway}/docs/errors`)).text();
    const missing = codes.filter((code) => !page.includes(`id="${code}"`));
    expect(missing).toEqual([]);
    for (const status of [400, 401, 403, 404, 409, 429, 500, 502, 503]) expect(page).toContain(`id="http-${status}"`);
  });
});
