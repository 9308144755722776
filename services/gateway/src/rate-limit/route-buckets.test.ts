import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApiDocument } from '@groupsplit/testing';
import { ruleFor } from '../openapi/document';
import { routeTable } from '../routes/table';
import { UNLIMITED_ROUTES } from './unlimited';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** docs/rate-limits.md, "Every route and its bucket": one table row per route. */
const guide = readFileSync(join(__dirname, '../../../../docs/rate-limits.md'), 'utf8');
const rowOf = (route: string) => guide.split('\n').find((line) => line.startsWith(`| \`${route}\` |`));

/** `<METHOD> <path>` as the route table writes it. */
const asRoute = (method: string, template: string) =>
  `${method.toUpperCase()} ${template.replace(/\{([^}]+)\}/g, ':$1')}`;

/**
 * Every route has a bucket or is on the documented list of routes without one (unlimited.ts), and
 * docs/rate-limits.md names each with its bucket (docs/security.md, "Every route has a bucket").
 */
describe('every route and its bucket', () => {
  const document = buildOpenApiDocument();
  const operations = Object.entries(document.paths).flatMap(([template, item]) =>
    METHODS.filter((method) => (item as Record<string, unknown>)[method]).map((method) => ({
      route: asRoute(method, template),
      rule: ruleFor(method, template),
    })),
  );
  const rules = routeTable.map((rule) => ({ route: `${rule.method} ${rule.path}`, rule }));

  it('walks the whole OpenAPI document and the whole route table', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(rules.length).toBe(routeTable.length);
  });

  it('gives every operation of the OpenAPI document a bucket, or lists it as unlimited with a reason', () => {
    const missing = operations
      .filter(({ route, rule }) => !rule?.bucket && !UNLIMITED_ROUTES[route])
      .map(({ route, rule }) => `${route} (${rule?.auth ?? 'no rule'})`);
    expect(missing).toEqual([]);
  });

  it('gives every rule of the route table a bucket, or lists it as unlimited with a reason', () => {
    const missing = rules
      .filter(({ route, rule }) => !rule.bucket && !UNLIMITED_ROUTES[route])
      .map(({ route, rule }) => `${route} (${rule.auth})`);
    expect(missing).toEqual([]);
  });

  it('lists no route as unlimited that has a bucket, or that no rule or operation names', () => {
    const known = new Map([...operations, ...rules].map(({ route, rule }) => [route, rule?.bucket]));
    const stale = Object.keys(UNLIMITED_ROUTES).filter((route) => !known.has(route) || known.get(route) !== undefined);
    expect(stale).toEqual([]);
  });

  it('docs/rate-limits.md names every route with its bucket, or "none" and the reason', () => {
    const wrong = [...operations, ...rules].flatMap(({ route, rule }) => {
      const row = rowOf(route);
      const bucket = rule?.bucket;
      if (!row) return [`${route}: not in docs/rate-limits.md`];
      if (bucket && !row.includes(`| \`${bucket}\` |`)) return [`${route}: its row does not name \`${bucket}\``];
      if (!bucket && !row.includes(`| none | ${UNLIMITED_ROUTES[route]} |`)) {
        return [`${route}: its row does not say none and why (unlimited.ts)`];
      }
      return [];
    });
    expect([...new Set(wrong)]).toEqual([]);
  });
});
