import { request } from 'node:http';
import { createCheckoutApp } from '@groupsplit/checkout';
import { createMerchantsApp } from '@groupsplit/merchants';
import { createLogger } from '@groupsplit/shared';
import { createMerchant, createUser, type Stack, startStack, type TestUser } from '@groupsplit/testing';
import { fillParams, plausibleParam, type RouteCase, routeCases } from './malformed-input.test-support';
import { matchRoute } from './routes/match';
import { routeTable } from './routes/table';
import type { RouteRule } from './routes/types';

/**
 * Canonical routing (docs/security.md): the gateway's table compares paths exactly and every
 * service router is case-sensitive and strict, so a request reaches a handler only by the
 * spelling the table matched. For every route behind the gateway (its rules and the service
 * routes behind each catch-all), every other spelling (letter case, `//`, `%2F`, dot segments
 * plain and encoded, needless escapes, a trailing slash) is refused with 404 in the error shape,
 * or is governed by the very rule of the canonical path (same auth, same bucket) and then still
 * refused by the service.
 */

type Answer = { status: number; body: unknown };

const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/** Other spellings of a concrete path: each only a different string for the same route. */
function variants(path: string, literal: (index: number) => boolean): string[] {
  const segments = path.slice(1).split('/');
  const join = (parts: string[]) => `/${parts.join('/')}`;
  const out = new Set<string>();
  const upper = segments.map((s, i) => (literal(i) ? s.toUpperCase() : s));
  out.add(join(upper));
  segments.forEach((segment, i) => {
    if (!literal(i) || !/[a-z]/.test(segment)) return;
    const at = segment.search(/[a-z]/);
    const swap = (value: string) => join(segments.map((s, j) => (j === i ? value : s)));
    out.add(swap(segment.toUpperCase()));
    out.add(swap(`${segment.slice(0, at)}${segment[at]!.toUpperCase()}${segment.slice(at + 1)}`));
    // A needless escape of one letter (`%61` for `a`): the same string once decoded.
    out.add(swap(`${segment.slice(0, at)}%${segment.charCodeAt(at).toString(16)}${segment.slice(at + 1)}`));
  });
  out.add(`${path}/`);
  for (let i = 0; i < segments.length; i++) {
    const head = join(segments.slice(0, i)).replace(/^\/$/, '');
    const tail = segments.slice(i).join('/');
    out.add(`${head}//${tail}`);
    out.add(`${head}/./${tail}`);
    out.add(`${head}/%2e/${tail}`);
    out.add(`${head}/x/../${tail}`);
    out.add(`${head}/x/%2E%2E/${tail}`);
    if (i > 0) {
      out.add(`${head}%2F${tail}`);
      out.add(`${head}%2f${tail}`);
    }
  }
  out.delete(path);
  return [...out];
}

describe('canonical routes', () => {
  let stack: Stack;
  let owner: TestUser;
  let apiKey: string;
  let routes: RouteCase[];

  beforeAll(async () => {
    stack = await startStack({}, { temporal: false });
    owner = await createUser(stack.db);
    await createMerchant(stack.db, owner);
    const created = await stack.api.post(
      '/api/merchants/api-keys',
      { name: 'Canonical' },
      { token: owner.token, headers: { 'x-service-mode': 'test' } },
    );
    expect(created.status).toBe(201);
    apiKey = created.body.key;
    const deps = {
      config: stack.config,
      db: stack.db,
      logger: createLogger('routes', 'silent'),
      temporal: stack.temporal,
    };
    routes = routeCases([createCheckoutApp(deps), createMerchantsApp(deps)]);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const credentials = (rule: RouteRule): Record<string, string> => {
    if (rule.auth === 'api_key') return { 'x-merchant-api-key': apiKey };
    if (rule.auth === 'none') return {};
    return { authorization: `Bearer ${owner.token}` };
  };

  /** The raw request line as given: fetch would fold the dot segments before sending. */
  const send = (method: string, path: string, headers: Record<string, string>) =>
    new Promise<Answer>((resolve, reject) => {
      const { port } = new URL(stack.urls.gateway);
      const req = request(
        { host: '127.0.0.1', port, method, path, headers: { 'x-forwarded-for': randomIp(), ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            try {
              body = JSON.parse(text);
            } catch {}
            resolve({ status: res.statusCode ?? 0, body });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(method === 'GET' || method === 'DELETE' ? undefined : '{}');
    });

  it('POST /api/auth/email/START and the other spellings the audit used answer 404', async () => {
    const cases: [string, string, Record<string, string>][] = [
      ['POST', '/api/auth/email/START', {}],
      ['POST', '/api/auth/email/VERIFY', {}],
      ['POST', '/api/merchants/API-KEYS', { authorization: `Bearer ${owner.token}` }],
      ['POST', '/api/merchants/team/INVITES', { authorization: `Bearer ${owner.token}` }],
      ['POST', '/api/merchants/webhooks/TEST', { authorization: `Bearer ${owner.token}` }],
      ['POST', '/api/merchants/credentials/ROTATE', { authorization: `Bearer ${owner.token}` }],
      ['POST', '/api/checkout-splits/pay/abc/AUTHORISE', {}],
      ['POST', '/api/auth/email/start/', {}],
    ];
    for (const [method, path, headers] of cases) {
      const answer = await send(method, path, { 'content-type': 'application/json', ...headers });
      expect({ path, ...answer }).toMatchObject({
        path,
        status: 404,
        body: { error: 'Not found', code: 'route_not_found' },
      });
    }
  });

  it('walks the whole route table: every other spelling of every route is a 404, or the same rule and bucket', async () => {
    const covered = new Set(routes.map((route) => route.rule));
    expect(routeTable.filter((rule) => !covered.has(rule))).toEqual([]);
    let sent = 0;
    const failures: string[] = [];
    for (const route of routes) {
      const segments = route.path.slice(1).split('/');
      const path = fillParams(route.path, plausibleParam);
      const canonical = matchRoute(routeTable, route.method, path);
      expect({ route: `${route.method} ${route.path}`, rule: canonical }).toEqual({
        route: `${route.method} ${route.path}`,
        rule: route.rule,
      });
      for (const variant of variants(path, (i) => !segments[i]!.startsWith(':'))) {
        const rule = matchRoute(routeTable, route.method, variant);
        // Either no rule (the gateway's 404) or the canonical path's own: same auth, same bucket.
        if (rule && rule !== canonical) {
          failures.push(`${route.method} ${variant}: matched ${rule.method} ${rule.path}, not ${route.rule.path}`);
          continue;
        }
        const answer = await send(route.method, variant, rule ? credentials(rule) : {});
        sent++;
        const body = answer.body as { error?: unknown };
        if (answer.status !== 404 || body?.error !== 'Not found') {
          failures.push(`${route.method} ${variant}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length * 10);
  });
});
