import { TEST_CARD_TABLE, TEST_CARDS, testCardDocRow } from '@groupsplit/processor-emulator';
import { buildOpenApiDocument } from './openapi';

/**
 * The reference, field by field (docs/api-reference.md): every field of every request, answer and
 * webhook says what it is; every operation shows an example and code samples; the guide's sections
 * are in the sidebar and say what the code does (every error code, every test card).
 */

type Schema = Record<string, unknown>;
const CLIENT = '@groupsplit/client';
const document = buildOpenApiDocument() as unknown as {
  info: { title: string; version: string; license?: unknown };
  tags: { name: string; description: string; 'x-traitTag'?: boolean }[];
  'x-tagGroups': { name: string; tags: string[] }[];
  paths: Record<string, Record<string, Schema>>;
  webhooks: Record<string, Record<string, Schema>>;
  components: { schemas: Record<string, Schema>; parameters?: Record<string, Schema> };
};
const { schemas } = document.components;

const component = (schema: Schema) =>
  typeof schema.$ref === 'string' ? schemas[schema.$ref.split('/').pop() as string] : undefined;

/** Described itself, or a $ref (or nullable $ref) to a described component. */
function isDescribed(schema: Schema): boolean {
  if (typeof schema.description === 'string' && schema.description.trim()) return true;
  if (component(schema)?.description) return true;
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  return !!options && options.every((option) => option.type === 'null' || isDescribed(option));
}

/** `where.field` of every property without a description, walking nested objects and arrays. */
function undescribed(schema: Schema | undefined, where: string, found: string[]) {
  if (!schema || typeof schema !== 'object' || schema.$ref) return found;
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    for (const part of (schema[key] as Schema[] | undefined) ?? []) undescribed(part, where, found);
  }
  if (schema.items) undescribed(schema.items as Schema, `${where}[]`, found);
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    if (!isDescribed(property)) found.push(`${where}.${name}`);
    undescribed(property, `${where}.${name}`, found);
  }
  return found;
}

const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
);
const webhookOperations = Object.entries(document.webhooks).flatMap(([name, item]) =>
  Object.values(item).map((operation) => ({ name: `webhook ${name}`, operation })),
);

const jsonOf = (holder: unknown) =>
  (holder as { content?: Record<string, { schema?: Schema; example?: unknown }> } | undefined)?.content?.[
    'application/json'
  ];
const successes = (operation: Schema) =>
  Object.entries(operation.responses as Record<string, unknown>).filter(([status]) => status.startsWith('2'));

/** Strings an example fell back to because a field had no example of its own (services/gateway/src/openapi/examples.ts). */
function fallbacks(value: unknown, where: string, found: string[]) {
  if (value === 'text') found.push(where);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) fallbacks(inner, `${where}.${key}`, found);
  }
  return found;
}

describe('the API reference, field by field', () => {
  it('describes every field of every component, parameter, request body, answer and webhook', () => {
    const found: string[] = [];
    for (const [name, schema] of Object.entries(schemas)) undescribed(schema, name, found);
    for (const { name, operation } of [...operations, ...webhookOperations]) {
      for (const parameter of (operation.parameters as Schema[] | undefined) ?? []) {
        const resolved = parameter.$ref
          ? document.components.parameters?.[(parameter.$ref as string).split('/').pop() as string]
          : parameter;
        if (!resolved?.description) found.push(`${name} parameter ${resolved?.name}`);
      }
      undescribed(jsonOf(operation.requestBody)?.schema, `${name} body`, found);
      for (const [status, response] of Object.entries(operation.responses as Record<string, unknown>)) {
        undescribed(jsonOf(response)?.schema, `${name} ${status}`, found);
      }
    }
    expect(found).toEqual([]);
  });

  it('gives every operation and webhook an example of its body and of each success, made of real-looking values', () => {
    const missing: string[] = [];
    const placeholders: string[] = [];
    for (const { name, operation } of [...operations, ...webhookOperations]) {
      const request = jsonOf(operation.requestBody);
      if (request && request.example === undefined) missing.push(`${name} request`);
      fallbacks(request?.example, `${name} request`, placeholders);
      for (const [status, response] of successes(operation)) {
        const media = jsonOf(response);
        if (media && media.example === undefined) missing.push(`${name} ${status}`);
        fallbacks(media?.example, `${name} ${status}`, placeholders);
      }
    }
    expect(missing).toEqual([]);
    expect(placeholders).toEqual([]);
  });

  it('shows a session create as the quickstart does: a real-looking token and "44.95"', () => {
    const create = document.paths['/api/merchants/checkout/sessions']!.post!;
    const created = jsonOf((create.responses as Record<string, unknown>)['201'])?.example as Record<string, string>;
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(created.amount).toBe('44.95');
    expect(jsonOf(create.requestBody)?.example).toMatchObject({ amount: '44.95' });
  });

  it('has curl and typed-client samples for every operation, with the test key placeholder for API-key calls', () => {
    const wrong: string[] = [];
    for (const { name, operation } of operations) {
      const samples = (operation['x-codeSamples'] as { lang: string; label: string; source: string }[]) ?? [];
      const curl = samples.find((sample) => sample.label === 'curl');
      const client = samples.find((sample) => sample.label === CLIENT);
      if (!curl?.source.startsWith('curl -X ')) wrong.push(`${name}: no curl sample`);
      if (!client?.source.includes(`from '${CLIENT}'`)) wrong.push(`${name}: no client sample`);
      const apiKey = ((operation.security as Record<string, unknown>[]) ?? []).some((way) => 'merchantApiKey' in way);
      if (apiKey && !(curl?.source.includes('svc_test_') && client?.source.includes("apiKey: 'svc_test_"))) {
        wrong.push(`${name}: API-key samples without the test key placeholder`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has the guide in the sidebar: Authentication, Errors, Idempotency, Rate limits, Webhooks, Testing, Changelog', () => {
    const guide = document['x-tagGroups'].find((group) => group.name === 'Guide')?.tags ?? [];
    expect(guide).toEqual(['Authentication', 'Errors', 'Idempotency', 'Rate limits', 'Testing', 'Changelog']);
    const grouped = document['x-tagGroups'].flatMap((group) => group.tags);
    expect(grouped).toContain('Webhooks');
    // Every tag is in a group, or Redoc hides it.
    expect(document.tags.map((tag) => tag.name).filter((name) => !grouped.includes(name))).toEqual([]);
    const webhooks = document.tags.find((tag) => tag.name === 'Webhooks')?.description ?? '';
    for (const topic of ['### Signing', '### Delivery and retries', 'checkout_split.paid', 'X-Service-Signature']) {
      expect(webhooks).toContain(topic);
    }
  });

  it('lists every error code the operations answer with in the Errors section, and every emulator test card in Testing', () => {
    const section = (name: string) => document.tags.find((tag) => tag.name === name)?.description ?? '';
    const codes = new Set<string>();
    for (const { operation } of operations) {
      for (const response of Object.values(operation.responses as Record<string, unknown>)) {
        for (const example of Object.values((jsonOf(response) as { examples?: object } | undefined)?.examples ?? {})) {
          const code = (example as { value?: { code?: string } }).value?.code;
          if (code) codes.add(code);
        }
      }
    }
    const errors = section('Errors');
    expect([...codes].filter((code) => !errors.includes(`| \`${code}\` |`))).toEqual([]);
    const testing = section('Testing');
    expect(Object.keys(TEST_CARDS).filter((card) => !testing.includes(`| \`${card}\` |`))).toEqual([]);
    // Each card's row word for word, as the emulator's table (services/processor-emulator/src/test-cards.ts) has it.
    expect(TEST_CARD_TABLE.map(testCardDocRow).filter((row) => !testing.includes(row))).toEqual([]);
  });

  it('has a title without a bare version number, a semantic version from the changelog, and a licence', () => {
    expect(document.info.title).toBe('groupsplit API');
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(document.tags.find((tag) => tag.name === 'Changelog')?.description).toContain(
      `### ${document.info.version} (`,
    );
    expect(document.info.license).toEqual(expect.objectContaining({ name: expect.any(String) }));
  });
});
