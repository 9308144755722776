import { readFileSync } from 'node:fs';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { OPENAPI_SNAPSHOT } from './openapi-snapshot';

/**
 * Checks every answer the test API client receives against the published OpenAPI document
 * (docs/openapi.json, which a test keeps equal to what the gateway serves): the status must be
 * documented for the operation and the body must match its schema. A mismatch throws, naming the
 * method, the route and the field, so the test that made the call fails.
 *
 * The document is read once per Jest worker (kept in the worker's cache, scripts/jest-environment.js)
 * and each response schema compiled on first use, so the check costs next to nothing per call. Paths and methods the document does not describe
 * (hosted pages, health checks, deliberately unknown routes) are not checked.
 */

type Response = { description: string; content?: Record<string, { schema?: unknown }> };
type Operation = { responses: Record<string, Response> };
type Document = { paths: Record<string, Record<string, Operation>> };
type Template = { path: string; pattern: RegExp; literals: number };

const DOCUMENT_ID = 'https://groupsplit.test/openapi.json';

/** Statuses any operation may answer through its `default` response (docs: "Any other error"). */
const DEFAULT_STATUSES = (status: number) => status === 413 || status >= 500;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export type OpenApiCall = {
  method: string;
  path: string;
  status: number;
  contentType: string | null;
  body: unknown;
  text: string;
};

class OpenApiCheck {
  private readonly ajv: Ajv2020;
  private readonly templates: Template[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: Document) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(this.ajv);
    this.ajv.addSchema(document as object, DOCUMENT_ID);
    // More literal segments first: /api/checkout-splits/mine before /api/checkout-splits/{id}.
    this.templates = Object.keys(document.paths)
      .map((path) => {
        const segments = path.split('/').filter(Boolean);
        const source = segments.map((s) => (s.startsWith('{') ? '[^/]+' : escapeRegExp(s))).join('/');
        return {
          path,
          pattern: new RegExp(`^/${source}/?$`),
          literals: segments.filter((s) => !s.startsWith('{')).length,
        };
      })
      .sort((a, b) => b.literals - a.literals);
  }

  /** The document's path template for a concrete path, or undefined. */
  template(path: string): string | undefined {
    return this.templates.find((t) => t.pattern.test(path))?.path;
  }

  private validator(template: string, method: string, status: string, mediaType: string) {
    const key = [template, method, status, mediaType].join(' ');
    let validate = this.validators.get(key);
    if (!validate) {
      const ref = `${DOCUMENT_ID}#/${pointer('paths', template, method, 'responses', status, 'content', mediaType, 'schema')}`;
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(key, validate);
    }
    return validate;
  }

  check(call: OpenApiCall): void {
    const method = call.method.toLowerCase();
    const path = call.path.split('?')[0] as string;
    const template = this.template(path);
    const operation = template ? this.document.paths[template]?.[method] : undefined;
    if (!template || !operation) return;
    const where = `${call.method.toUpperCase()} ${template} answered ${call.status}`;

    const status = String(call.status);
    const documented = operation.responses[status] ? status : DEFAULT_STATUSES(call.status) ? 'default' : undefined;
    if (!documented) {
      throw new Error(
        `OpenAPI mismatch: ${where}, a status docs/openapi.json does not list for it. Body: ${call.text.slice(0, 300)}`,
      );
    }
    const content = operation.responses[documented]?.content;
    if (!content) {
      if (call.text.length > 0) throw new Error(`OpenAPI mismatch: ${where} with a body, but no content is documented`);
      return;
    }
    const mediaType = (call.contentType ?? '').split(';')[0]!.trim();
    if (!(mediaType in content)) {
      throw new Error(
        `OpenAPI mismatch: ${where} with content-type ${mediaType || '(none)'}; documented: ${Object.keys(content).join(', ')}`,
      );
    }
    if (mediaType !== 'application/json' || !content[mediaType]?.schema) return;
    const validate = this.validator(template, method, documented, mediaType);
    if (!validate(call.body)) {
      throw new Error(
        `OpenAPI mismatch: ${where}: ${describeErrors(validate.errors ?? [])}\nBody: ${call.text.slice(0, 1000)}`,
      );
    }
  }
}

/** Field by field: `/participants/0/amount must match pattern "…"`; the unexpected property named. */
function describeErrors(errors: ErrorObject[]): string {
  const lines = errors
    .filter((e) => e.keyword !== 'allOf' && e.keyword !== 'anyOf' && e.keyword !== 'if')
    .map((e) => {
      const field = e.instancePath || '(body)';
      if (e.keyword === 'additionalProperties') {
        return `${field} has ${(e.params as { additionalProperty: string }).additionalProperty}, which the schema does not list`;
      }
      if (e.keyword === 'enum') return `${field} ${e.message} (${JSON.stringify(e.params.allowedValues)})`;
      return `${field} ${e.message}`;
    });
  return [...new Set(lines)].slice(0, 10).join('; ');
}

/** The worker's cache (scripts/jest-environment.js), so the document is read and compiled once per Jest worker. */
const workerCache = (globalThis as { __groupsplitWorkerCache?: Map<string, unknown> }).__groupsplitWorkerCache;
let loaded = workerCache?.get(OPENAPI_SNAPSHOT) as OpenApiCheck | undefined;

/** Throws when the call's answer does not match docs/openapi.json. */
export function checkAgainstOpenApi(call: OpenApiCall): void {
  if (!loaded) {
    loaded = new OpenApiCheck(JSON.parse(readFileSync(OPENAPI_SNAPSHOT, 'utf8')) as Document);
    workerCache?.set(OPENAPI_SNAPSHOT, loaded);
  }
  loaded.check(call);
}
