import type { ZodObject, ZodType } from 'zod';
import { businessHeaders } from './common';
import { json, type OpenApiOperation, type OpenApiPaths } from './document';
import { businessErrors, type ErrorMap, errorResponses, mergeErrors } from './errors';

/**
 * One operation of a route folder's `openapi.ts`, said once: what it is, what it takes, what it
 * answers. `operation()` turns it into the zod-openapi operation, so no folder repeats the shape
 * (request params, `json(...)` bodies, error responses) and a business route names its options
 * (`write`, `mode`) once for both its headers and its business answers.
 */
export type OperationSpec = {
  id: string;
  tag: string;
  summary: string;
  description?: string;
  path?: ZodObject;
  query?: ZodObject;
  /** Request headers of a route that is not a business route (a business route's come from `business`). */
  headers?: ZodObject;
  /**
   * A signed-in business route: `x-service-merchant-id` (and `X-Service-Mode` with `mode`), and the
   * answers of `businessErrors()` merged with `errors`.
   */
  business?: Parameters<typeof businessErrors>[0];
  /** The request body: its schema, an example where composing one from the fields cannot know better, and whether it is required (default yes). */
  body?: { schema: ZodType; example?: unknown; required?: boolean };
  /**
   * The successes by status: JSON unless `mediaType` names another (a CSV export's `text/csv`), with
   * an example of that text where given.
   */
  responses: Record<number, { description: string; schema?: ZodType; mediaType?: string; example?: string }>;
  /** The operation's own error answers by status. */
  errors?: ErrorMap;
};

function content(schema: ZodType, mediaType: string | undefined, example: string | undefined) {
  if (!mediaType || mediaType === 'application/json') return json(schema, example);
  return { content: { [mediaType]: { schema, ...(example === undefined ? {} : { example }) } } };
}

export function operation(spec: OperationSpec): OpenApiOperation {
  const header = spec.business ? businessHeaders({ mode: spec.business.mode }) : spec.headers;
  const params = {
    ...(spec.path ? { path: spec.path } : {}),
    ...(spec.query ? { query: spec.query } : {}),
    ...(header ? { header } : {}),
  };
  const errors = spec.business ? mergeErrors(businessErrors(spec.business), spec.errors ?? {}) : (spec.errors ?? {});
  return {
    operationId: spec.id,
    tags: [spec.tag],
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    ...(Object.keys(params).length ? { requestParams: params } : {}),
    ...(spec.body
      ? { requestBody: { required: spec.body.required ?? true, ...json(spec.body.schema, spec.body.example) } }
      : {}),
    responses: {
      ...Object.fromEntries(
        Object.entries(spec.responses).map(([status, { description, schema, mediaType, example }]) => [
          status,
          { description, ...(schema ? content(schema, mediaType, example) : {}) },
        ]),
      ),
      ...errorResponses(errors),
    },
  };
}

/**
 * What every operation of a route family shares, said once: its tag and, where the family has them,
 * its business options, path parameters, request headers and error answers.
 */
export type OperationFamily = Pick<OperationSpec, 'tag' | 'business' | 'path' | 'headers' | 'errors'>;

/**
 * One operation of a family: what it adds to the family's. A `tag`, `business`, `path` or `headers`
 * of its own replaces the family's; its `errors` come after the family's, status by status.
 */
export type FamilyOperation = Omit<OperationSpec, 'tag'> & { tag?: string };

/** `'POST /api/merchants/api-keys'`: a method and an OpenAPI path, as the gateway's route rules write them. */
export type OperationRoute = `${'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH'} /${string}`;

/**
 * A route family's part of the document: each operation keyed by its route, with the family's
 * tag, business options and common answers said once instead of in every operation.
 *
 * ```ts
 * export const apiKeysPaths = operations({ tag: 'API keys', business: { write: true } }, {
 *   'POST /api/merchants/api-keys/{id}/revoke': { id: 'revokeApiKey', summary: 'Revoke an API key', … },
 * });
 * ```
 */
export function operations(family: OperationFamily, routes: Record<OperationRoute, FamilyOperation>): OpenApiPaths {
  const paths: Record<string, Record<string, OpenApiOperation>> = {};
  for (const [route, own] of Object.entries(routes)) {
    const [method, path] = route.split(' ') as [string, string];
    paths[path] ??= {};
    paths[path][method.toLowerCase()] = operation({
      ...family,
      ...own,
      errors: mergeErrors(family.errors ?? {}, own.errors ?? {}),
    });
  }
  return paths as OpenApiPaths;
}
