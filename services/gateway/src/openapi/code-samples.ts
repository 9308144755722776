import type { AuthRequirement } from '../routes/types';
import { type Components, exampleOf } from './examples';

/**
 * Every operation's `x-codeSamples`, curl and the typed client (`@groupsplit/client`), made here
 * from the operation itself (its path, parameters' examples, request example and who may call
 * it), so no route writes a sample by hand and none can fall behind its operation.
 */

export const TEST_API_KEY_PLACEHOLDER = 'svc_test_YOUR_TEST_KEY';
export const ACCESS_TOKEN_PLACEHOLDER = 'YOUR_ACCESS_TOKEN';
const BASE_URL = 'http://localhost:3000';
/** The typed client a sample imports (a string here, not an import of ours). */
export const CLIENT_PACKAGE = '@groupsplit/client';

type Parameter = { name: string; in: string; required?: boolean; schema?: Record<string, unknown>; example?: unknown };
type Operation = Record<string, unknown> & { parameters?: unknown; requestBody?: unknown };

/** The credential a sample sends, by the route's authentication kind (an API key where both work). */
function credential(auth: AuthRequirement): 'apiKey' | 'bearer' | undefined {
  if (auth === 'api_key' || auth === 'api_key_or_session') return 'apiKey';
  // The refresh cookie is the browser's own: a sample cannot show it.
  if (auth === 'none' || auth === 'optional_session' || auth === 'refresh_cookie') return undefined;
  return 'bearer';
}

function parameters(operation: Operation, components: Components): Parameter[] {
  return ((operation.parameters ?? []) as (Parameter | { $ref: string })[]).map((parameter) =>
    '$ref' in parameter
      ? (components.parameters?.[parameter.$ref.split('/').pop() as string] as Parameter)
      : (parameter as Parameter),
  );
}

const bodyExample = (operation: Operation) =>
  (operation.requestBody as { content?: Record<string, { example?: unknown }> } | undefined)?.content?.[
    'application/json'
  ]?.example;

const parameterValue = (parameter: Parameter, components: Components) =>
  parameter.example ?? (parameter.schema ? exampleOf(parameter.schema, components) : undefined) ?? parameter.name;

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function curl(method: string, path: string, operation: Operation, auth: AuthRequirement, components: Components) {
  const params = parameters(operation, components);
  const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = params.find((p) => p.in === 'path' && p.name === name);
    return encodeURIComponent(String(parameter ? parameterValue(parameter, components) : name));
  });
  const query = params
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${p.name}=${encodeURIComponent(String(parameterValue(p, components)))}`);
  const lines = [
    `curl -X ${method.toUpperCase()} ${shellQuote(`${BASE_URL}${url}${query.length ? `?${query.join('&')}` : ''}`)}`,
  ];
  const kind = credential(auth);
  if (kind === 'apiKey') lines.push(`-H ${shellQuote(`x-merchant-api-key: ${TEST_API_KEY_PLACEHOLDER}`)}`);
  if (kind === 'bearer') lines.push(`-H ${shellQuote(`Authorization: Bearer ${ACCESS_TOKEN_PLACEHOLDER}`)}`);
  if (params.some((p) => p.in === 'header' && p.name === 'X-Service-Mode')) lines.push(`-H 'X-Service-Mode: test'`);
  for (const header of params.filter((p) => p.in === 'header' && SAMPLE_HEADERS.has(p.name))) {
    lines.push(`-H ${shellQuote(`${header.name}: ${parameterValue(header, components)}`)}`);
  }
  const body = bodyExample(operation);
  if (body !== undefined) {
    lines.push(`-H 'content-type: application/json'`);
    lines.push(`-d ${shellQuote(JSON.stringify(body, null, 2))}`);
  }
  return lines.join(' \\\n  ');
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A value as TypeScript source: identifiers unquoted, single-quoted strings, two-space indents. */
function literal(value: unknown, indent = ''): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${literal(item, inner)},`).join('\n')}\n${indent}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const key = (name: string) => (IDENTIFIER.test(name) ? name : `'${name}'`);
    return `{\n${entries.map(([name, item]) => `${inner}${key(name)}: ${literal(item, inner)},`).join('\n')}\n${indent}}`;
  }
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  return JSON.stringify(value);
}

/** Header parameters a sample sends besides the credential and the mode (Idempotency-Key). */
const SAMPLE_HEADERS = new Set(['Idempotency-Key']);

function client(method: string, path: string, operation: Operation, auth: AuthRequirement, components: Components) {
  const params = parameters(operation, components);
  const kind = credential(auth);
  const options = [
    `baseUrl: '${BASE_URL}'`,
    ...(kind === 'apiKey' ? [`apiKey: '${TEST_API_KEY_PLACEHOLDER}'`] : []),
    ...(kind === 'bearer' ? [`bearer: '${ACCESS_TOKEN_PLACEHOLDER}'`] : []),
    ...(params.some((p) => p.in === 'header' && p.name === 'X-Service-Mode') ? [`mode: 'test'`] : []),
  ];
  const pathParams = params.filter((p) => p.in === 'path');
  const query = params.filter((p) => p.in === 'query' && p.required);
  const request: string[] = [];
  const headers = params.filter((p) => p.in === 'header' && SAMPLE_HEADERS.has(p.name));
  const group = (list: Parameter[]) => Object.fromEntries(list.map((p) => [p.name, parameterValue(p, components)]));
  const inParams = {
    ...(pathParams.length ? { path: group(pathParams) } : {}),
    ...(query.length ? { query: group(query) } : {}),
    ...(headers.length ? { header: group(headers) } : {}),
  };
  if (Object.keys(inParams).length) request.push(`params: ${literal(inParams, '    ')}`);
  const body = bodyExample(operation);
  if (body !== undefined) request.push(`body: ${literal(body, '    ')}`);
  // A file answer (a CSV export) is read as text; openapi-fetch would parse it as JSON.
  if (answersText(operation)) request.push(`parseAs: 'text'`);
  const call = `groupsplit.${method.toUpperCase()}('${path}'${request.length ? `, {\n    ${request.join(',\n    ')},\n  }` : ''})`;
  return [
    `import { createGroupsplitClient, unwrap } from '${CLIENT_PACKAGE}';`,
    '',
    `const groupsplit = createGroupsplitClient({ ${options.join(', ')} });`,
    `const result = unwrap(\n  await ${call},\n);`,
  ].join('\n');
}

/** Whether the operation's success is a text file (text/csv) rather than JSON. */
function answersText(operation: Operation): boolean {
  const responses = (operation.responses ?? {}) as Record<string, { content?: Record<string, unknown> }>;
  const success = Object.entries(responses).find(([status]) => status.startsWith('2'))?.[1];
  const types = Object.keys(success?.content ?? {});
  return types.length > 0 && !types.includes('application/json');
}

/** The operation's `x-codeSamples`: curl, then the typed client. */
export function codeSamples(
  method: string,
  path: string,
  operation: Operation,
  auth: AuthRequirement,
  components: Components,
) {
  return [
    { lang: 'Shell', label: 'curl', source: curl(method, path, operation, auth, components) },
    { lang: 'TypeScript', label: CLIENT_PACKAGE, source: client(method, path, operation, auth, components) },
  ];
}
