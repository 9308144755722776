import { request } from 'node:http';
import { createCheckoutApp } from '@groupsplit/checkout';
import { createMerchantsApp } from '@groupsplit/merchants';
import { EMULATOR_MIGRATIONS_DIR } from '@groupsplit/processor-emulator';
import { createLogger, isExactShapeAnswer, randomToken, runMigrations, sha256Hex } from '@groupsplit/shared';
import { createSplitReadyMerchant, type SplitReadyMerchant, type Stack, startStack } from '@groupsplit/testing';
import fc from 'fast-check';
import { sql } from 'kysely';
import { Client } from 'pg';
import {
  fillParams,
  hasParams,
  isPage,
  malformedBody,
  malformedHeaders,
  malformedParam,
  malformedQuery,
  NASTY_PARAMS,
  plausibleParam,
  type RouteCase,
  routeCases,
} from './malformed-input.test-support';
import { routeTable } from './routes/table';
import type { RouteRule } from './routes/types';

/**
 * Bad input never reaches a 500: fast-check drives every route of the gateway's table with
 * malformed path parameters, bodies and headers, authenticated as each route needs, and checks
 * that nothing answers 5xx, every API error is `{ error, code?, details? }`, and a refused
 * request writes nothing. The stack has a database of its own, so row counts are this file's.
 */

type Answer = { status: number; contentType: string; text: string; requestId: string };

describe('bad input never reaches a 500', () => {
  const server = process.env.TEST_PG_SERVER_URL!;
  const databaseName = `malformed_input_${Date.now()}`;
  const admin = () => new Client({ connectionString: `${server}/postgres` });
  let stack: Stack;
  let shop: SplitReadyMerchant;
  let apiKey: string;
  let routes: RouteCase[];
  let tables: string[];

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE "${databaseName}"`);
    await client.end();
    const url = `${server}/${databaseName}`;
    await runMigrations(url);
    // The emulator keeps its tables in a migration set of its own; this stack runs it.
    await runMigrations(url, EMULATOR_MIGRATIONS_DIR);
    stack = await startStack({ DATABASE_URL: url }, { temporal: false });
    shop = await createSplitReadyMerchant(stack, { modes: ['test'] });
    const created = await stack.api.post(
      '/api/merchants/api-keys',
      { name: 'Fuzz' },
      { token: shop.owner.token, headers: { 'x-service-mode': 'test' } },
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
    // Rate-limit buckets are written by design, and so are the pay step's attempt counters (every attempt counts,
    // a refused one too: docs/rate-limits.md, "Card testing"); sessions are minted by this test.
    tables = (
      await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`.execute(stack.db)
    ).rows
      .map((row) => row.name)
      .filter((name) => !['rate_limits', 'pay_attempt_counters', 'auth_sessions'].includes(name))
      .sort();
  });
  afterAll(async () => {
    await stack?.stop();
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await client.end();
  });

  const rowCounts = async () => {
    const counts = sql.join(tables.map((t) => sql`(SELECT count(*) FROM ${sql.table(t)})::int AS ${sql.ref(t)}`));
    return (await sql<Record<string, number>>`SELECT ${counts}`.execute(stack.db)).rows[0]!;
  };

  /** A fresh bearer for the shop's owner (a route may sign the caller out). */
  const bearer = async () => {
    const token = randomToken();
    await stack.db
      .insertInto('auth_sessions')
      .values({ user_id: shop.owner.id, token_hash: sha256Hex(token), expires_at: new Date(Date.now() + 3600_000) })
      .execute();
    return token;
  };

  const credentials = async (rule: RouteRule): Promise<Record<string, string>> => {
    if (rule.auth === 'api_key' || (rule.auth === 'api_key_or_session' && Math.random() < 0.5)) {
      return { 'x-merchant-api-key': apiKey };
    }
    if (rule.auth === 'none') return {};
    return { authorization: `Bearer ${await bearer()}` };
  };

  /** The raw request line as given: no client-side normalisation of `..` or percent-escapes. */
  const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<Answer>((resolve, reject) => {
      const { port } = new URL(stack.urls.gateway);
      const payload = body === undefined ? undefined : Buffer.from(body, 'utf8');
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          headers: {
            'x-forwarded-for': `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`,
            ...headers,
            ...(payload ? { 'content-length': String(payload.length) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              contentType: String(res.headers['content-type'] ?? ''),
              requestId: String(res.headers['x-request-id'] ?? ''),
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  /** Sends one request and checks the three rules; throws naming the request when one breaks. */
  async function check(
    route: RouteCase,
    path: string,
    headers: Record<string, string>,
    body?: string,
    options: { mustRefuse?: boolean } = {},
  ) {
    const before = await rowCounts();
    const answer = await send(route.method, path, headers, body);
    const problems: string[] = [];
    if (answer.status >= 500) problems.push(`answered ${answer.status}`);
    if (options.mustRefuse && answer.status < 400) problems.push(`accepted it (${answer.status})`);
    if (answer.status >= 400) {
      const shape = errorShape(answer, { method: route.method, path: path.split('?')[0] as string });
      if (shape && !(isPage(route) && answer.contentType.startsWith('text/html'))) problems.push(shape);
      const after = await rowCounts();
      const changed = tables.filter((t) => after[t] !== before[t]).map((t) => `${t} ${before[t]} -> ${after[t]}`);
      if (changed.length) problems.push(`refused, yet wrote: ${changed.join(', ')}`);
    }
    if (problems.length) {
      throw new Error(
        `${route.method} ${path.slice(0, 300)}: ${problems.join('; ')}\n  answer ${answer.status} ${answer.text.slice(0, 300)}` +
          `\n  headers ${JSON.stringify(headers).slice(0, 500)}\n  body ${JSON.stringify(body)?.slice(0, 300)}`,
      );
    }
    return answer;
  }

  /** Why an error answer is not `{ error, code?, details? }` with docs/errors.md's `request_id`, `doc_url`, `hint?`, or null. */
  function errorShape(answer: Answer, call: { method: string; path: string }): string | null {
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return 'the error body is not JSON';
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'the error body is not an object';
    // The spec's exactly-{ error } answers (packages/core/src/errors/error-answer.ts) are that and nothing more.
    if (isExactShapeAnswer({ ...call, status: answer.status }, body as Record<string, unknown>)) return null;
    const { error, code, details, request_id, doc_url, hint, ...rest } = body as Record<string, unknown>;
    if (typeof error !== 'string') return 'no error message';
    if (request_id !== answer.requestId) return 'request_id is not the X-Request-Id header';
    if (typeof doc_url !== 'string' || !doc_url.includes('/docs/errors#')) return 'no doc_url';
    if (hint !== undefined && typeof hint !== 'string') return 'hint is not a string';
    if (code !== undefined && typeof code !== 'string') return 'code is not a string';
    if (details !== undefined && !Array.isArray(details)) return 'details is not a list';
    if (Object.keys(rest).length > 0) return `extra fields ${Object.keys(rest).join(', ')}`;
    return null;
  }

  it('covers every route of the gateway table', () => {
    const covered = new Set(routes.map((route) => route.rule));
    expect(routeTable.filter((rule) => !covered.has(rule))).toEqual([]);
    expect(routes.filter(hasParams).length).toBeGreaterThan(15);
  });

  it('GET /api/checkout-splits/pay/%00 answers 404 in the error shape', async () => {
    const answer = await send('GET', '/api/checkout-splits/pay/%00', {});
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text)).toMatchObject({ error: 'Not found', code: 'not_found' });
  });

  it('a path that would mean another once normalised is a 404, never forwarded', async () => {
    const owner = { authorization: `Bearer ${await bearer()}` };
    for (const path of [
      '//api/merchants/me',
      '/api/checkout-splits/pay/x/../../../api/merchants/me',
      '/pay/x/%2e%2e/%2E%2E/api/merchants/me',
      '/api/merchants\\..\\me',
      '/api/merchants/%2F/me',
    ]) {
      const answer = await send('GET', path, owner);
      expect({ path, status: answer.status, body: JSON.parse(answer.text) }).toMatchObject({
        path,
        status: 404,
        body: { error: 'Not found', code: 'not_found' },
      });
    }
  });

  it('a NUL character in otherwise valid input is a 400 naming the field, not a 500, and writes nothing', async () => {
    const route = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path)!;
    const nulInBody: [RouteCase, Record<string, unknown>, string][] = [
      [route('POST', '/api/public/contact'), { email: 'someone@example.com', message: 'hello\u0000' }, 'message'],
      [
        route('POST', '/api/checkout-splits'),
        {
          merchantId: shop.merchant.id,
          orderReference: 'ORDER\u0000',
          participants: [{ email: 'payer@example.com', amountMinor: 1000 }],
        },
        'orderReference',
      ],
    ];
    for (const [target, body, field] of nulInBody) {
      const answer = await check(target, target.path, await credentials(target.rule), JSON.stringify(body), {
        mustRefuse: true,
      });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toMatchObject({
        error: 'Validation failed',
        code: 'validation_failed',
        details: [{ field, message: 'must not contain a NUL character' }],
      });
    }
    const unsubscribe = route('GET', '/api/email/unsubscribe');
    const answer = await check(unsubscribe, '/api/email/unsubscribe?token=%00', {}, undefined, { mustRefuse: true });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({
      code: 'validation_failed',
      details: [{ field: 'query.token', message: 'must not contain a NUL character' }],
    });
  });

  it('every route answers a malformed path parameter with a 4xx in the error shape, and writes nothing', async () => {
    for (const route of routes.filter(hasParams)) {
      for (const value of NASTY_PARAMS) {
        await check(
          route,
          fillParams(route.path, () => value),
          await credentials(route.rule),
          undefined,
          {
            mustRefuse: true,
          },
        );
      }
    }
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes.filter(hasParams)), malformedParam, async (route, value) => {
        await check(
          route,
          fillParams(route.path, () => value),
          await credentials(route.rule),
          undefined,
          {
            mustRefuse: true,
          },
        );
      }),
      { numRuns: 150 },
    );
  });

  it('every route answers malformed bodies, headers and queries without a 5xx, in the error shape, writing nothing when it refuses', async () => {
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(malformedHeaders, malformedBody, malformedQuery, async (headers, body, query) => {
          const path = `${fillParams(route.path, plausibleParam)}${query}`;
          await check(route, path, { ...(await credentials(route.rule)), ...headers }, body);
        }),
        { numRuns: 12 },
      );
    }
  });
});
