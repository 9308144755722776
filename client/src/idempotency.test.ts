import { createCapturedSplit, createSplitReadyMerchant, type Stack, startStack } from '@groupsplit/testing';
import { createGroupsplitClient, IDEMPOTENT_OPERATIONS } from './client';
import { unwrap } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** What a fetch saw: each request's method, path and Idempotency-Key, in order. */
function recordingFetch(fail?: (request: Request, attempt: number) => boolean) {
  const seen: { method: string; path: string; key: string | null }[] = [];
  // An address of its own, as testing's API client gives each call: the gateway's per-address buckets (creating
  // an API key is in the 5-per-10-minutes `sensitive` one) are shared by every test file of a run.
  const ip = `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
  const fetch = async (request: Request) => {
    seen.push({
      method: request.method,
      path: new URL(request.url).pathname,
      key: request.headers.get('idempotency-key'),
    });
    const headers = new Headers(request.headers);
    headers.set('x-forwarded-for', ip);
    const response = await globalThis.fetch(new Request(request, { headers }));
    // The answer is lost on the way back: the server did the work, the caller never hears.
    if (fail?.(request, seen.length)) throw new TypeError('fetch failed');
    return response;
  };
  return { seen, fetch };
}

/** The client's Idempotency-Key on every POST, and its retries, against the real gateway. */
describe('Idempotency-Key from the client', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.stop());

  async function shopWithKey() {
    const shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
    const recorder = recordingFetch();
    const dashboard = createGroupsplitClient({
      baseUrl: stack.urls.gateway,
      bearer: shop.owner.token,
      mode: 'test',
      fetchOptions: { fetch: recorder.fetch },
    });
    const { key } = unwrap(await dashboard.POST('/api/merchants/api-keys', { body: { name: 'Idempotency' } }));
    return { shop, key, dashboard, recorder };
  }

  it('sends a new key on every POST the caller gives none, keeps the caller’s own, and none on a GET', async () => {
    const { key, dashboard, recorder } = await shopWithKey();
    unwrap(await dashboard.PATCH('/api/merchants', { body: { test_allowed_domain: 'shop.example.com' } }));
    unwrap(await dashboard.GET('/api/merchants/me'));
    const server = createGroupsplitClient({
      baseUrl: stack.urls.gateway,
      apiKey: key,
      fetchOptions: { fetch: recorder.fetch },
    });
    const body = { amount: '12.50', return_url: 'https://shop.example.com/done' } as const;
    const first = unwrap(await server.POST('/api/merchants/checkout/sessions', { body }));
    const second = unwrap(await server.POST('/api/merchants/checkout/sessions', { body }));
    // Two calls are two sessions: each had its own key.
    expect(second.token).not.toBe(first.token);
    const own = unwrap(
      await server.POST('/api/merchants/checkout/sessions', {
        params: { header: { 'Idempotency-Key': 'order-1001' } },
        body,
      }),
    );

    const [apiKey, patch, me, a, b, c] = recorder.seen;
    expect(apiKey).toMatchObject({ method: 'POST', key: expect.stringMatching(UUID) });
    expect([patch, me]).toMatchObject([
      { method: 'PATCH', key: null },
      { method: 'GET', key: null },
    ]);
    expect([a!.key, b!.key]).toEqual([expect.stringMatching(UUID), expect.stringMatching(UUID)]);
    expect(new Set([apiKey!.key, a!.key, b!.key]).size).toBe(3);
    expect(c!.key).toBe('order-1001');

    // The generated key is a real one: sent again, the server replays the first session.
    const replay = await createGroupsplitClient({
      baseUrl: stack.urls.gateway,
      apiKey: key,
      idempotencyKey: () => a!.key!,
    }).POST('/api/merchants/checkout/sessions', { body });
    expect([replay.response.status, replay.data?.token]).toEqual([200, first.token]);
    expect(own.token).not.toBe(first.token);
  });

  it('retries a refund whose answer was lost with the same key, and it refunds once', async () => {
    const { shop, key } = await shopWithKey();
    const split = await createCapturedSplit(stack, shop.owner.token, shop.merchant.id, [1000, 1000]);
    const recorder = recordingFetch((request, attempt) => request.url.endsWith('/refund') && attempt === 1);
    const server = createGroupsplitClient({
      baseUrl: stack.urls.gateway,
      apiKey: key,
      maxNetworkRetries: 2,
      fetchOptions: { fetch: recorder.fetch },
    });
    const refund = unwrap(
      await server.POST('/api/merchants/checkout/splits/{id}/refund', {
        params: { path: { id: split.id } },
        body: { amount: '12.00', reason: 'broken' },
      }),
    );
    expect(refund).toMatchObject({ amount: '12.00', total_refunded: '12.00' });
    expect(recorder.seen).toHaveLength(2);
    expect(recorder.seen[1]!.key).toBe(recorder.seen[0]!.key);
    const refunds = await stack.db.selectFrom('split_refunds').select('id').where('split_id', '=', split.id).execute();
    expect(refunds).toHaveLength(1);
  });

  it('never retries a POST that does not replay its key, and gives up after maxNetworkRetries', async () => {
    const { shop } = await shopWithKey();
    const always = recordingFetch(() => true);
    const dashboard = createGroupsplitClient({
      baseUrl: stack.urls.gateway,
      bearer: shop.owner.token,
      mode: 'test',
      maxNetworkRetries: 3,
      fetchOptions: { fetch: always.fetch },
    });
    await expect(dashboard.POST('/api/merchants/api-keys', { body: { name: 'Once' } })).rejects.toThrow(TypeError);
    expect(always.seen).toHaveLength(1);

    const { key } = await shopWithKey();
    const server = createGroupsplitClient({
      baseUrl: stack.urls.gateway,
      apiKey: key,
      maxNetworkRetries: 1,
      fetchOptions: { fetch: always.fetch },
    });
    const body = { amount: '12.50', return_url: 'https://shop.example.com/done' } as const;
    await expect(server.POST('/api/merchants/checkout/sessions', { body })).rejects.toThrow(TypeError);
    expect(always.seen.slice(1).map((seen) => seen.path)).toEqual([
      '/api/merchants/checkout/sessions',
      '/api/merchants/checkout/sessions',
    ]);
    expect(always.seen[2]!.key).toBe(always.seen[1]!.key);
  });

  it('lists exactly the POST operations of the document that take the Idempotency-Key header', async () => {
    const document = (await stack.api.get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, { parameters?: { $ref?: string; name?: string }[] }>>;
    };
    const takesKey = Object.entries(document.paths)
      .filter(([, operations]) =>
        (operations.post?.parameters ?? []).some((p) => /idempotency/i.test(p.$ref ?? p.name ?? '')),
      )
      .map(([path]) => path);
    expect([...IDEMPOTENT_OPERATIONS].sort()).toEqual(takesKey.sort());
  });
});
