import {
  addErrorEntries,
  ERROR_ENTRIES_KEY,
  type ErrorEntry,
  type ErrorMap,
  err,
  MESSAGES,
  type OpenApiDocument,
  webhooksOpenApiPart,
} from '@groupsplit/shared';
import { BUCKETS, RATE_LIMITED_CODE } from '../rate-limit/buckets';
import { matchRoute } from '../routes/match';
import { routeTable } from '../routes/table';
import type { AuthRequirement, RouteRule } from '../routes/types';
import { codeSamples } from './code-samples';
import { addExamples, type Components } from './examples';
import { CHANGELOG, type CodeUse, guideTags, WEBHOOKS_GUIDE } from './guide';

/**
 * The public OpenAPI document: the services' parts (each route folder's `openapi.ts`) and the
 * webhooks, merged, with what the gateway decides per route added from its route table, so the
 * two cannot disagree: who may call (security and the 401s), consent, and rate limits.
 */

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Operation = Record<string, unknown> & { responses: Record<string, Record<string, unknown>>; description?: string };
type PathItem = Partial<Record<(typeof HTTP_METHODS)[number], Operation>>;

export const SECURITY_SCHEMES = {
  merchantApiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-merchant-api-key',
    description:
      "Your server's API key (`svc_test_…` or `svc_prod_…`), for the hosted-checkout server operations only. Never " +
      'put it in a web page.',
  },
  refreshCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: '__Host-groupsplit_refresh',
    description:
      "The dashboard's rotating refresh credential, set by POST /api/auth/email/verify (`HttpOnly`, `SameSite=Strict`). " +
      'Over plain http (development) it is `groupsplit_refresh`, without `Secure`. It authenticates ' +
      'POST /api/auth/session/refresh and nothing else.',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description: "A signed-in person's access token (POST /api/auth/email/verify), valid for 12 hours.",
  },
} as const;

/** Who may call, per authentication kind of the route table (docs/spec.md, Authentication). */
const SECURITY: Record<AuthRequirement, Record<string, string[]>[]> = {
  none: [],
  optional_session: [{}, { bearer: [] }],
  session: [{ bearer: [] }],
  session_splits: [{ bearer: [] }],
  session_no_consent: [{ bearer: [] }],
  api_key: [{ merchantApiKey: [] }],
  api_key_or_session: [{ merchantApiKey: [] }, { bearer: [] }],
  refresh_cookie: [{ refreshCookie: [] }],
};

const consentRequired = err(MESSAGES.consentRequired, 'consent_required', 'the current terms are not accepted yet');

/** The gateway's own refusals per authentication kind (docs/spec.md, Errors), before the service sees the call. */
const AUTH_ERRORS: Record<AuthRequirement, ErrorMap> = {
  none: {},
  // The merchants service answers the refresh's refusals (its own OpenAPI paths say which).
  refresh_cookie: {},
  optional_session: {},
  session: {
    401: [
      err(MESSAGES.unauthorized, undefined, 'missing, malformed or expired bearer token'),
      err(MESSAGES.missingAuthorization, undefined, 'an API key instead of a bearer token'),
    ],
    403: [consentRequired],
  },
  session_no_consent: {
    401: [
      err(MESSAGES.unauthorized, undefined, 'missing, malformed or expired bearer token'),
      err(MESSAGES.missingAuthorization, undefined, 'an API key instead of a bearer token'),
    ],
  },
  session_splits: {
    401: [
      err(MESSAGES.missingAuthorization, undefined, 'no bearer token (an API key included)'),
      err(MESSAGES.invalidToken, undefined, 'an expired or unknown token'),
    ],
    403: [consentRequired],
  },
  api_key: { 401: [err(MESSAGES.invalidApiKey, undefined, 'missing, unknown or revoked key')] },
  api_key_or_session: {
    401: [
      err(MESSAGES.invalidApiKey, undefined, 'no credential, or an unknown key'),
      err(MESSAGES.unauthorized, undefined, 'an expired or unknown bearer token'),
    ],
    403: [consentRequired],
  },
};

const HEADERS = {
  'RateLimit-Limit': { description: 'Requests allowed in the window.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
};
const headerRef = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });
const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': headerRef('RateLimit-Limit'),
  'RateLimit-Remaining': headerRef('RateLimit-Remaining'),
  'RateLimit-Reset': headerRef('RateLimit-Reset'),
};

const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

const generic = (error: string, code: string | undefined, when: string) => ({
  ...err(error, code, when),
  generic: true,
});

/**
 * Malformed input any route can meet (the gateway's and the services' input checks): allowed on
 * every operation, described once in the document's introduction rather than on each.
 */
function malformedInput(method: string, path: string, operation: Operation): ErrorMap {
  const hasBody = BODY_METHODS.has(method) && 'requestBody' in operation;
  return {
    400: [
      generic(
        MESSAGES.validationFailed,
        'validation_failed',
        'text with a NUL character, or a query parameter the operation does not declare',
      ),
      ...(hasBody ? [generic('Request body is not valid JSON', 'invalid_json', 'a body that is not JSON')] : []),
    ],
    ...(path.includes('{') ? { 404: [generic(MESSAGES.notFound, undefined, 'a malformed path')] } : {}),
  };
}

/** Every operation's last resort: 413 for a body over the size cap, 500, 502, 503, and anything a proxy in front answers. */
const DEFAULT_RESPONSE = {
  description:
    'Any other error, in the same shape: 413 `payload_too_large` (a body over the size cap), 500 `Something went wrong!`, ' +
    '502 `bad_gateway` (it may have taken effect: read it back, or send it again with the same `Idempotency-Key` where the ' +
    'operation takes one), 503 `service_unavailable` (nothing was saved: send it again after `Retry-After` seconds).',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

const LIMIT_KEYS = { api_key: 'per API key (per IP address for a signed-in call)', ip: 'per IP address' } as const;

function describeLimit(rule: RouteRule): string {
  if (!rule.bucket) return '';
  const policy = BUCKETS[rule.bucket];
  const window = policy.durationSeconds === 60 ? 'minute' : `${policy.durationSeconds / 60} minutes`;
  return `\n\nRate limit: ${policy.points} per ${window} ${LIMIT_KEYS[policy.keyedBy]} (bucket \`${rule.bucket}\`); answers carry \`RateLimit-*\` headers.`;
}

/** `/a/{id}/b` as the route table writes it (`/a/:id/b`), to find the rule that governs it. */
const asRoutePath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

/** The route-table rule that governs an operation, as the gateway would match a call to it. */
export function ruleFor(method: string, path: string, rules: readonly RouteRule[] = routeTable) {
  return matchRoute(rules, method.toUpperCase(), asRoutePath(path));
}

function applyRule(method: string, path: string, operation: Operation, rule: RouteRule) {
  operation.security = SECURITY[rule.auth];
  operation.description = `${operation.description ?? ''}${describeLimit(rule)}`.trim() || undefined;
  addErrorEntries(operation.responses, AUTH_ERRORS[rule.auth]);
  addErrorEntries(operation.responses, malformedInput(method, path, operation));
  operation.responses.default = structuredClone(DEFAULT_RESPONSE);
  if (rule.bucket) {
    addErrorEntries(operation.responses, { 429: [err(BUCKETS[rule.bucket].message, RATE_LIMITED_CODE)] });
    // Every answer after the count carries them; the successes and the 429 say so.
    for (const [status, response] of Object.entries(operation.responses)) {
      if (!status.startsWith('2') && status !== '429') continue;
      response.headers = {
        ...(response.headers as object | undefined),
        ...RATE_LIMIT_HEADERS,
        ...(status === '429' ? { 'Retry-After': headerRef('Retry-After') } : {}),
      };
    }
  }
  operation.responses = sortResponses(operation.responses);
}

/** The error entries were kept for merging; the examples and the description carry them to readers. */
function withoutErrorEntries(operation: Operation) {
  for (const response of Object.values(operation.responses)) delete response[ERROR_ENTRIES_KEY];
}

/** Statuses in order, `default` last. */
const sortResponses = (responses: Operation['responses']) =>
  Object.fromEntries(
    Object.entries(responses).sort(([a], [b]) => (a === 'default' ? 1 : b === 'default' ? -1 : a.localeCompare(b))),
  );

function mergeComponents(target: Record<string, Record<string, unknown>>, part: OpenApiDocument) {
  for (const [kind, entries] of Object.entries(part.components ?? {})) {
    target[kind] ??= {};
    const into = target[kind];
    for (const [name, value] of Object.entries(entries as Record<string, unknown>)) {
      if (name in into && JSON.stringify(into[name]) !== JSON.stringify(value)) {
        throw new Error(`OpenAPI: two different components are both named ${kind}/${name}`);
      }
      into[name] = value;
    }
  }
}

const sortKeys = <T>(record: Record<string, T>) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));

/** The API's tags, in sidebar order (the operations' `tags`); the guide's sections come first (./guide.ts). */
const API_TAGS: { name: string; description: string }[] = [
  {
    name: 'Hosted checkout',
    description: "Your server's calls, with an API key: create a session, read its status, refund, cancel, remind.",
  },
  { name: 'Hosted checkout: buyer', description: 'What the hosted checkout page calls for the buyer.' },
  { name: 'Pay step', description: "One participant's pay link: their view and the hold on their card." },
  { name: 'Splits', description: 'Splits from the dashboard (signed in).' },
  {
    name: 'Exports',
    description: "Finance exports: a period's orders and refunds as CSV (signed in; Owner, Admin, Finance).",
  },
  { name: 'Sign-in', description: 'E-mail code sign-in, sign-out, and accepting the terms.' },
  { name: 'Account', description: 'Registering a business, its settings and processor onboarding.' },
  { name: 'API keys', description: 'Keys for your server (test keys need no processor connection).' },
  { name: 'Webhooks', description: WEBHOOKS_GUIDE },
  { name: 'Billing', description: "The service's own bills to you, and the card they are charged to." },
  { name: 'Team', description: 'Members, invitations and ownership.' },
  { name: 'Public forms', description: "The website's contact, waiting-list and partner forms." },
  { name: 'E-mail', description: 'Links in e-mails.' },
];

const INFO_DESCRIPTION = `Group-split checkout: a merchant's server creates a hosted checkout; the buyer splits the order
with friends; each participant authorises a card hold for their own share; nothing is charged until
the last person authorises, then every hold is captured. The binding interface is the specification
(docs/spec.md); this reference is generated from the schemas the routes validate with.

Start with the [Quickstart](/docs/quickstart): a paid £44.95 test order in a few minutes. The guide's
sections (Authentication, Errors, Idempotency, Rate limits, Webhooks, Testing, Changelog) are in the
sidebar; every operation has curl and \`@groupsplit/client\` samples using a test key
(\`svc_test_…\`). This document: \`GET /api/openapi.json\`.`;

/** No licence is granted: the reference describes a service, not software to copy (an SPDX custom reference). */
const LICENSE = { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' };

/** Every error code the operation answers with, for the guide's table of codes. */
function collectCodes(operation: Operation, into: Map<string, CodeUse>) {
  for (const [status, response] of Object.entries(operation.responses)) {
    for (const entry of (response[ERROR_ENTRIES_KEY] as ErrorEntry[] | undefined) ?? []) {
      if (!entry.code) continue;
      const use = into.get(entry.code) ?? { code: entry.code, statuses: new Set(), messages: new Set() };
      use.statuses.add(status);
      use.messages.add(entry.error);
      into.set(entry.code, use);
    }
  }
}

/** Merges the services' parts and the webhooks into the public document; throws on any disagreement. */
export function buildPublicDocument(parts: OpenApiDocument[], rules: readonly RouteRule[] = routeTable) {
  const paths: Record<string, PathItem> = {};
  const webhooks: NonNullable<OpenApiDocument['webhooks']> = {};
  const components: Record<string, Record<string, unknown>> = {};
  const codes = new Map<string, CodeUse>();
  for (const part of [...parts, webhooksOpenApiPart()]) {
    for (const [path, item] of Object.entries(part.paths ?? {})) {
      paths[path] ??= {};
      for (const method of HTTP_METHODS) {
        const operation = (item as PathItem)[method];
        if (!operation) continue;
        if (paths[path][method]) throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} is described twice`);
        paths[path][method] = structuredClone(operation);
      }
    }
    Object.assign(webhooks, part.webhooks ?? {});
    mergeComponents(components, part);
  }
  for (const [path, item] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const rule = ruleFor(method, path, rules);
      if (!rule) throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} has no route in the gateway's route table`);
      applyRule(method, path, operation, rule);
      collectCodes(operation, codes);
      withoutErrorEntries(operation);
      addExamples(operation, components as Components);
      operation['x-codeSamples'] = codeSamples(method, path, operation, rule.auth, components as Components);
    }
  }
  for (const item of Object.values(webhooks)) {
    for (const operation of Object.values(item as PathItem))
      addExamples(operation as Operation, components as Components);
  }
  components.securitySchemes = { ...SECURITY_SCHEMES };
  components.headers = { ...HEADERS };
  const guide = guideTags([...codes.values()]);
  return {
    openapi: '3.1.0',
    info: {
      title: 'groupsplit API',
      version: CHANGELOG[0]!.version,
      description: INFO_DESCRIPTION,
      license: LICENSE,
    },
    servers: [{ url: '/', description: 'This deployment (the address serving this document)' }],
    tags: [...guide, ...API_TAGS],
    'x-tagGroups': [
      { name: 'Guide', tags: guide.map((tag) => tag.name) },
      { name: 'API', tags: API_TAGS.map((tag) => tag.name) },
    ],
    paths: sortKeys(paths),
    webhooks,
    components: Object.fromEntries(Object.entries(components).map(([kind, entries]) => [kind, sortKeys(entries)])),
  } satisfies OpenApiDocument;
}
