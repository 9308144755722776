import type { ZodObject, ZodType } from 'zod';
import { businessHeaders } from './common';
import { json, type OpenApiOperation } from './document';
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
