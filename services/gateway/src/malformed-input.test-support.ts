import { randomUUID } from 'node:crypto';
import { randomToken } from '@groupsplit/shared';
import type Router from '@koa/router';
import fc from 'fast-check';
import type Koa from 'koa';
import { matchRoute } from './routes/match';
import { routeTable } from './routes/table';
import type { RouteRule } from './routes/types';

/** The cases malformed-input.test.ts sends: every route behind the gateway, and what is wrong with each request. */

export type RouteCase = { method: string; path: string; rule: RouteRule };

/**
 * Every route behind the table: its concrete rules, and each service route a catch-all rule
 * (`/api/merchants/**`) forwards to, read from the services' own routers.
 */
export function routeCases(apps: Koa[]): RouteCase[] {
  const cases = new Map<string, RouteCase>();
  const add = (method: string, path: string, rule: RouteRule) => cases.set(`${method} ${path}`, { method, path, rule });
  for (const rule of routeTable) {
    if (!rule.path.includes('**') && rule.method !== '*') add(rule.method, rule.path, rule);
  }
  for (const app of apps) {
    for (const middleware of app.middleware as ((typeof app.middleware)[number] & { router?: Router })[]) {
      for (const layer of middleware.router?.stack ?? []) {
        if (typeof layer.path !== 'string') continue;
        const path = layer.path;
        for (const method of layer.methods.filter((m) => m !== 'HEAD')) {
          const rule = matchRoute(routeTable, method, path.replace(/:[^/]+/g, 'sample'));
          if (rule?.path.includes('**')) add(method, path, rule);
        }
      }
    }
  }
  return [...cases.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

export const hasParams = (route: RouteCase) => route.path.includes(':');
export const isPage = (route: RouteCase) => !route.path.startsWith('/api/');

/** Path parameters no route can take: NUL and control bytes, invalid UTF-8, traversal, over-long values. */
export const NASTY_PARAMS = [
  '%00',
  'abc%00def',
  '%C3%28',
  '%FF',
  '%FE%FF',
  '%E0%80%AF',
  '%ED%A0%80',
  '%C0%AE%C0%AE',
  '%0A%0D',
  '%1F',
  '%7F',
  '%',
  '%zz',
  '..%2F..%2Fapi%2Fmerchants%2Fme',
  '%2e%2e',
  '%2E%2E%2F',
  '..%5C..%5C',
  '..',
  `${'a'.repeat(4000)}`,
  `${'%41'.repeat(1500)}`,
];

const encodeBytes = (bytes: Uint8Array) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) });

/** Random malformed parameters: raw bytes that are not valid UTF-8 or hold control characters, or traversal. */
export const malformedParam = fc.oneof(
  fc.constantFrom(...NASTY_PARAMS),
  fc
    .uint8Array({ minLength: 1, maxLength: 40 })
    .filter((bytes) => {
      const text = Buffer.from(bytes).toString('utf8');
      return text.includes('\uFFFD') || [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
    })
    .map(encodeBytes),
  fc.tuple(printable, fc.constantFrom('%00', '%2F..%2F', '%C3', '/..', '%2e%2e%2f')).map(([text, bad]) => {
    return `${encodeURIComponent(text)}${bad}`;
  }),
);

/** A well-formed but unknown value, so body and header checks are what the route sees. */
export const plausibleParam = (name: string) =>
  name === 'mode' ? 'test' : name === 'name' ? 'pay.js' : name === 'id' ? randomUUID() : randomToken(24);

export const fillParams = (path: string, value: (name: string) => string) =>
  path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => value(name));

const FIELDS = [
  'email',
  'code',
  'name',
  'role',
  'merchantId',
  'orderReference',
  'participants',
  'amountMinor',
  'amount',
  'currency',
  'payment_method',
  'reason',
  'idempotency_key',
  'webhook_url',
  'target',
  'member_id',
  'business_name',
  'legal_name',
  'business_type',
  'company_number',
  'return_url',
  'cancel_url',
  'customer_email',
  'customer_name',
  'metadata',
  'line_items',
  'message',
  'status',
  'mode',
  'token',
  'confirmation',
  'allow_additional',
];

/** Values no field accepts: strings with NUL or lone surrogates, over-long strings, wrong types. */
const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string().map((s) => `${s}\u0000${s}`),
    fc.constantFrom('\ud800', '\udfff x', 'a\u0000', '\u0000', ''),
    fc.constant('x'.repeat(20_000)),
    fc.constantFrom(-1, 0, 1e308, -0, 1.5, Number.MAX_SAFE_INTEGER + 2),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...FIELDS), tie('value'), { maxKeys: 3 }),
  ),
})).value;

export const malformedBody = fc.oneof(
  fc.constant(undefined),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.dictionary(fc.constantFrom(...FIELDS), nastyValue, { minKeys: 1, maxKeys: 6 }).map((o) => JSON.stringify(o)),
  nastyValue.map((v) => JSON.stringify(v) ?? 'undefined'),
  fc
    .array(fc.record({ email: nastyValue, amountMinor: nastyValue }), { maxLength: 3 })
    .map((participants) => JSON.stringify({ participants })),
  fc.constantFrom(
    '{"email":"a@b.c"',
    `${'['.repeat(3000)}${']'.repeat(3000)}`,
    'email=%00&name=%00&code=%00',
    '\u0000\u0000',
    '{"__proto__":{"admin":true}}',
  ),
);

/** Query strings with NUL, invalid UTF-8, traversal and odd shapes (most routes read none). */
export const malformedQuery = fc.oneof(
  fc.constant(''),
  fc.constantFrom('?token=%00', '?limit=%FF', '?cursor=..%2F..%2F', '?limit=-1&limit=1e309', '?&&=&', '?a[b][c]=%00'),
  fc
    .tuple(fc.constantFrom('token', 'limit', 'cursor', 'status', 'mode', 'email'), malformedParam)
    .map(([key, value]) => `?${key}=${value}`),
);

export const malformedHeaders = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=zz',
      'application/json; charset=utf-16',
      'application/merge-patch+json',
      '*/*',
      '',
    ),
    'x-service-mode': fc.oneof(fc.constantFrom('test', 'live', 'LIVE', ''), printable),
    'x-service-merchant-id': fc.oneof(printable, fc.constant(randomUUID())),
    'idempotency-key': fc.oneof(printable, fc.constant('k'.repeat(400))),
    'x-request-id': fc.oneof(printable, fc.constant('r'.repeat(2000))),
    authorization: fc.oneof(
      printable.map((s) => `Bearer ${s}`),
      fc.constantFrom('Basic Zm9vOmJhcg==', 'Bearer', ''),
    ),
    'x-merchant-api-key': printable,
    'content-encoding': fc.constantFrom('gzip', 'identity'),
    cookie: printable,
  },
  { requiredKeys: [] },
);
