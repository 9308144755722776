import type { ZodType } from 'zod';
import {
  type CreateDocumentOptions,
  createDocument,
  type oas31,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
} from 'zod-openapi';
import { ErrorSchema } from './errors';

export type OpenApiPaths = ZodOpenApiPathsObject;
export type OpenApiOperation = ZodOpenApiOperationObject;
export type OpenApiDocument = oas31.OpenAPIObject;

/** Path items of several route folders, one path item per path; the same operation twice is a mistake. */
export function mergePaths(groups: OpenApiPaths[]): OpenApiPaths {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const group of groups) {
    for (const [path, item] of Object.entries(group)) {
      merged[path] ??= {};
      const target = merged[path];
      for (const [method, operation] of Object.entries(item as Record<string, unknown>)) {
        if (method in target) throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} is described twice`);
        target[method] = operation;
      }
    }
  }
  return merged as OpenApiPaths;
}

/**
 * One service's part of the public OpenAPI document: the operations of its route folders (each
 * folder's `openapi.ts`) with the schemas they use as components. The gateway merges the parts
 * and adds what it decides per route (authentication, rate limits); see services/gateway/src/openapi.
 */
export function openApiPart(name: string, groups: OpenApiPaths[]): OpenApiDocument {
  return createDocument(
    {
      openapi: '3.1.0',
      info: { title: `groupsplit ${name}`, version: '1' },
      paths: mergePaths(groups),
      components: { schemas: { Error: ErrorSchema } },
    },
    DOCUMENT_OPTIONS,
  );
}

/** zod writes the safe-integer range on every `.int()`; it says nothing a reader needs. */
export const DOCUMENT_OPTIONS: CreateDocumentOptions = {
  override: ({ jsonSchema }) => {
    if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  },
};

/** `{ content: { 'application/json': { schema, example? } } }`, for request bodies and responses. */
export function json<S extends ZodType>(schema: S, example?: unknown) {
  return { content: { 'application/json': { schema, ...(example === undefined ? {} : { example }) } } };
}
