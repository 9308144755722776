import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCheckoutApp } from '@groupsplit/checkout';
import { createMerchantsApp } from '@groupsplit/merchants';
import { createDb, createLogger, loadConfig, type TemporalHandle } from '@groupsplit/shared';
import { buildOpenApiDocument } from '@groupsplit/testing';
import type Router from '@koa/router';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type Koa from 'koa';
import { routeTable } from '../routes/table';
import type { Target } from '../routes/types';
import { HTTP_METHODS, ruleFor } from './document';

/**
 * Drift guards between the OpenAPI document and what is really served: every route the gateway
 * forwards has an operation (or is listed below as deliberately left out, with why), every
 * operation has a route in the route table and in its service, every path of docs/spec.md is
 * described, and the document lints clean.
 */

/** Routes the gateway forwards that are not API operations, and why they are left out of the document. */
export const NOT_IN_THE_DOCUMENT: { method: string; path: string; why: string }[] = [
  {
    method: 'POST',
    path: '/api/processor/webhooks/:mode',
    why: "The payment processor's own event webhook, signed with the processor's secret; not for merchants.",
  },
  { method: 'GET', path: '/checkout/:token', why: 'The hosted checkout page (HTML) at checkout_url.' },
  { method: 'GET', path: '/checkout/assets/:name', why: "The hosted pages' own scripts and stylesheet." },
  { method: 'GET', path: '/checkout/images/:id', why: "Line-item pictures, re-served from the service's own copy." },
  { method: 'GET', path: '/pay/:token', why: 'The pay page (HTML) behind a pay link.' },
  { method: 'GET', path: '/join/:group_token', why: "The group link's page (HTML): a split's open seats." },
  { method: 'POST', path: '/pay/:token', why: "The pay page's own form post (test mode's card picker, no script)." },
  {
    method: 'GET',
    path: '/pay/:token/return',
    why: "Where the bank's 3-D Secure page sends the participant back (HTML).",
  },
];

/** Served by every service for operators and for each other (`/internal/…`), never routed by the gateway. */
const OPERATIONAL = new Set(['/healthz', '/readyz', '/metrics']);
const isOperational = (path: string) => OPERATIONAL.has(path) || path.startsWith('/internal/');

type ServiceRoute = { target: Target; method: string; path: string; router: Router['stack'][number] };

/** The routes a Koa app's routers really serve (HEAD is Koa's automatic twin of GET). */
function routesOf(target: Target, app: Koa): ServiceRoute[] {
  return app.middleware.flatMap((middleware) => {
    const router = (middleware as { router?: Router }).router;
    if (!router) return [];
    return router.stack.flatMap((layer) =>
      layer.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ target, method, path: String(layer.path), router: layer })),
    );
  });
}

const operationsOf = (document: ReturnType<typeof buildOpenApiDocument>) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({ method: method.toUpperCase(), path })),
  );

/** `/a/{id}` as a concrete path a route would match. */
const concrete = (template: string) => template.replace(/\{[^}]+\}/g, 'x');
const asTemplate = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document covers exactly what the gateway serves', () => {
  const document = buildOpenApiDocument();
  const operations = operationsOf(document);
  let serviceRoutes: ServiceRoute[];
  let db: ReturnType<typeof createDb>;

  beforeAll(() => {
    const config = loadConfig(process.env);
    const logger = createLogger('openapi-test', 'silent');
    db = createDb(config.DATABASE_URL, 1);
    // Building the apps only registers their routes; nothing here talks to Temporal.
    const deps = { config, db, logger, temporal: {} as TemporalHandle };
    serviceRoutes = [
      ...routesOf('merchants', createMerchantsApp(deps)),
      ...routesOf('checkout', createCheckoutApp(deps)),
    ].filter((route) => !isOperational(route.path));
  });
  afterAll(() => db.destroy());

  const excluded = (route: { method: string; path: string }) =>
    NOT_IN_THE_DOCUMENT.some((e) => e.method === route.method && e.path === route.path);

  it('every route a service serves is forwarded by the gateway, and described unless deliberately left out', () => {
    const problems: string[] = [];
    for (const route of serviceRoutes) {
      // The operations this route answers (one route may serve several: /api/public/:form).
      const describedBy = operations.filter(
        (op) =>
          op.method === route.method &&
          route.router.match(concrete(op.path)) &&
          ruleFor(op.method, op.path)?.target === route.target,
      );
      const rule = ruleFor(route.method, route.path);
      if (rule && rule.target !== route.target) {
        problems.push(`${route.method} ${route.path} (${route.target}): the gateway forwards it to ${rule.target}`);
      } else if (!rule && describedBy.length === 0) {
        problems.push(`${route.method} ${route.path} (${route.target}): no gateway rule forwards it`);
      } else if (describedBy.length === 0 && !excluded(route)) {
        problems.push(`${route.method} ${route.path}: no operation describes it`);
      } else if (describedBy.length > 0 && excluded(route)) {
        problems.push(`${route.method} ${route.path}: described, yet listed as left out`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every operation has a gateway rule and a service route behind it', () => {
    const problems: string[] = [];
    for (const op of operations) {
      const rule = ruleFor(op.method, op.path);
      if (!rule) {
        problems.push(`${op.method} ${op.path}: no gateway rule`);
        continue;
      }
      const served = serviceRoutes.some(
        (route) => route.target === rule.target && route.method === op.method && route.router.match(concrete(op.path)),
      );
      if (!served) problems.push(`${op.method} ${op.path}: the ${rule.target} service has no such route`);
    }
    expect(problems).toEqual([]);
  });

  it('every rule of the route table has an operation, or only left-out routes behind it', () => {
    const problems: string[] = [];
    for (const rule of routeTable) {
      const governed = operations.filter((op) => ruleFor(op.method, op.path) === rule);
      if (rule.path.endsWith('**')) {
        const behind = serviceRoutes.filter((route) => ruleFor(route.method, route.path) === rule);
        if (governed.length === 0 && !behind.every(excluded)) {
          problems.push(`${rule.method} ${rule.path}: no operation, yet it forwards routes that are not left out`);
        }
        continue;
      }
      const exact = governed.some((op) => op.method === rule.method && op.path === asTemplate(rule.path));
      if (!exact) problems.push(`${rule.method} ${rule.path}: no operation`);
    }
    expect(problems).toEqual([]);
  });

  it('every left-out route exists, so the list cannot go stale', () => {
    const missing = NOT_IN_THE_DOCUMENT.filter(
      (e) => !serviceRoutes.some((route) => route.method === e.method && route.path === e.path),
    );
    expect(missing).toEqual([]);
  });

  it('describes every endpoint of docs/spec.md, with the path spelled as the spec spells it', () => {
    const spec = readFileSync(join(__dirname, '..', '..', '..', '..', 'docs', 'spec.md'), 'utf8');
    const endpoints = [...spec.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`?\s]+)/g)].map(
      ([, method, path]) => `${method} ${asTemplate(path!)}`,
    );
    expect(endpoints.length).toBeGreaterThan(40);
    const described = new Set(operations.map((op) => `${op.method} ${op.path}`));
    expect([...new Set(endpoints)].filter((endpoint) => !described.has(endpoint))).toEqual([]);
  });

  it('is OpenAPI 3.1 and lints clean with Redocly (recommended rules, zero errors)', async () => {
    expect(document.openapi).toBe('3.1.0');
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: join(__dirname, 'openapi.json'),
      config,
    });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });
});
