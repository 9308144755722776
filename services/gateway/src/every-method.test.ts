import { randomUUID } from 'node:crypto';
import { apiKeyRecordFields, generateApiKey } from '@groupsplit/shared';
import { buildOpenApiDocument, createTeam, type Stack, seedSplit, startStack } from '@groupsplit/testing';
import { ruleFor } from './openapi/document';

/**
 * One route table for every method (docs/security.md, "Every method"): HEAD is governed by the GET
 * rule (same auth, bucket and size cap) and never writes; OPTIONS counts in no bucket and answers
 * no data.
 */
describe('HEAD and OPTIONS in the route table', () => {
  let stack: Stack;
  let team: Awaited<ReturnType<typeof createTeam>>;
  let apiKey: string;

  /** Documentation-range addresses only this file uses, one per walk step or test. */
  let ipCounter = 0;
  const freshIp = () => `203.0.113.${++ipCounter}`;

  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
    team = await createTeam(stack.db);
    apiKey = generateApiKey('test');
    await stack.db
      .insertInto('api_keys')
      .values({ merchant_id: team.merchant.id, name: 'head test', mode: 'test', ...apiKeyRecordFields(apiKey) })
      .execute();
  });
  afterAll(() => stack.stop());

  /** A raw call (the API client checks answers against the document, which describes no HEAD or OPTIONS). */
  const send = (method: string, path: string, ip: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.urls.gateway}${path}`, { method, headers: { 'x-forwarded-for': ip, ...headers } });

  const limits = (res: Response) => ({
    limit: res.headers.get('ratelimit-limit'),
    remaining: res.headers.get('ratelimit-remaining'),
  });

  it('limits HEAD exactly as GET on every GET route of the OpenAPI document', async () => {
    const document = buildOpenApiDocument();
    const gets = Object.entries(document.paths).filter(([, item]) => item.get);
    expect(gets.length).toBeGreaterThan(20);
    for (const [template] of gets) {
      const path = template.replace(/\{[^}]+\}/g, 'x');
      const rule = ruleFor('GET', template);
      expect({ template, rule: ruleFor('HEAD', template) }).toEqual({ template, rule });
      const credentials: Record<string, string> =
        rule?.auth === 'api_key' || rule?.auth === 'api_key_or_session'
          ? { 'x-merchant-api-key': apiKey, 'x-service-mode': 'test' }
          : rule?.auth === 'none'
            ? {}
            : { authorization: `Bearer ${team.owner.token}` };
      const ip = freshIp();
      const get = await send('GET', path, ip, credentials);
      await get.arrayBuffer();
      const head = await send('HEAD', path, ip, credentials);
      const seen = { template, status: head.status, ...limits(head) };
      if (!rule?.bucket) {
        expect(seen).toEqual({ template, status: get.status, limit: null, remaining: null });
        continue;
      }
      // The same bucket: the same limit, and the HEAD counted right after the GET.
      expect(seen).toEqual({
        template,
        status: get.status,
        limit: limits(get).limit,
        remaining: String(Number(limits(get).remaining) - 1),
      });
    }
  });

  it('refuses the sixth HEAD of an invitation preview from one address, as it does GET', async () => {
    const ip = freshIp();
    const path = `/api/merchants/team-invites/${randomUUID()}`;
    for (let i = 0; i < 5; i++) {
      const res = await send('HEAD', path, ip);
      expect([res.status, limits(res)]).toEqual([404, { limit: '5', remaining: String(4 - i) }]);
    }
    const sixth = await send('HEAD', path, ip);
    expect([sixth.status, limits(sixth), sixth.headers.get('retry-after')]).toEqual([
      429,
      { limit: '5', remaining: '0' },
      sixth.headers.get('ratelimit-reset'),
    ]);
    // GET shares the counter: refused too, with the bucket's message.
    const get = await stack.api.get(path, { ip });
    expect([get.status, get.body]).toMatchObject([
      429,
      { error: 'Too many requests. Please try again later.', code: 'rate_limited' },
    ]);
  });

  it('counts a HEAD of a pay link in public_lookup and records no view of it', async () => {
    const split = await seedSplit(stack.db, {
      merchantId: team.merchant.id,
      status: 'pending',
      createdAt: new Date(),
      participants: [{ amount: 1000 }, { amount: 1000 }],
    });
    const [first, second] = split.participants;
    const ip = freshIp();
    const lookup = await send('HEAD', `/api/checkout-splits/pay/${first!.payToken}`, ip);
    expect([lookup.status, limits(lookup)]).toEqual([200, { limit: '60', remaining: '59' }]);
    const page = await send('HEAD', `/pay/${second!.payToken}`, ip);
    expect(page.status).toBe(200);
    const views = () =>
      stack.db.selectFrom('pay_page_views').select('email').where('split_id', '=', split.id).execute();
    expect(await views()).toEqual([]);
    // A GET is a view: the same lookup records one.
    const get = await send('GET', `/api/checkout-splits/pay/${first!.payToken}`, ip);
    expect([get.status, limits(get)]).toEqual([200, { limit: '60', remaining: '58' }]);
    expect(await views()).toEqual([{ email: first!.email }]);
  });

  it('answers OPTIONS with no data, no credential and no count in any bucket', async () => {
    const ip = freshIp();
    const invite = `/api/merchants/team-invites/${randomUUID()}`;
    for (const path of [invite, invite, '/api/merchants/checkout/sessions/x', '/api/checkout-splits/insights']) {
      const res = await send('OPTIONS', path, ip);
      expect([path, res.status, await res.text(), limits(res)]).toEqual([
        path,
        204,
        '',
        { limit: null, remaining: null },
      ]);
    }
    // Nothing was counted: the preview's first GET still has 4 of 5 left.
    const get = await send('GET', invite, ip);
    expect([get.status, limits(get)]).toEqual([404, { limit: '5', remaining: '4' }]);
    // A path no rule matches is still not found.
    expect((await send('OPTIONS', '/nope', ip)).status).toBe(404);
  });
});
