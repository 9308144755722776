/**
 * An operation's example, composed from its schema: each field's own `example` (written once on the
 * zod schema, packages/http/src/openapi/fields.ts), else the first of its enum, else its default. So every
 * request and answer in the reference shows the same order (£44.95, the same ids and tokens) and an
 * example cannot disagree with the schema it illustrates.
 */

type Schema = Record<string, unknown>;
export type Components = Record<string, Record<string, unknown>>;

const MAX_DEPTH = 12;

/** What a string field with no example of its own shows; the reference test lists every field that does. */
export const PLAIN_TEXT = 'text';
const STRING_BY_FORMAT: Record<string, string> = {
  'date-time': '2026-09-01T12:00:00.000Z',
  email: 'alex@example.com',
  uri: 'https://shop.example.com/',
  uuid: '6d8f0b2c-4e3a-4c5b-a7d9-2c4e6a8b0d16',
};

function resolve(schema: Schema, components: Components): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.split('/').pop() as string;
  const target = components.schemas?.[name] as Schema | undefined;
  if (!target) throw new Error(`OpenAPI example: ${ref} is not a component`);
  // A $ref's own siblings (description, example) win over the component's.
  const { $ref: _, ...siblings } = schema;
  return { ...target, ...siblings };
}

/** The option of an anyOf/oneOf to show: the first that is not null. */
const shownOption = (options: Schema[]): Schema => options.find((option) => option.type !== 'null') ?? options[0] ?? {};

export function exampleOf(given: Schema, components: Components, depth = 0): unknown {
  if (depth > MAX_DEPTH) return undefined;
  const schema = resolve(given, components);
  if ('example' in schema) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((value) => value !== null);
  if ('default' in schema && schema.default !== null) return schema.default;
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (options) return exampleOf(shownOption(options), components, depth + 1);
  if (Array.isArray(schema.allOf)) {
    const parts = (schema.allOf as Schema[]).map((part) => exampleOf(part, components, depth + 1));
    const own = schema.properties ? exampleOf({ ...schema, allOf: undefined }, components, depth + 1) : undefined;
    return Object.assign({}, ...parts.filter((part) => typeof part === 'object'), own);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(
        Object.entries(properties)
          .map(([name, property]) => [name, exampleOf(property, components, depth + 1)] as const)
          .filter(([, value]) => value !== undefined),
      );
    }
    case 'array':
      return schema.items ? [exampleOf(schema.items as Schema, components, depth + 1)] : [];
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'string':
      return STRING_BY_FORMAT[schema.format as string] ?? PLAIN_TEXT;
    default:
      return undefined;
  }
}

type Media = { schema?: Schema; example?: unknown; examples?: unknown };

/** Gives each JSON body of the operation (request and 2xx answers) an example, unless it has one. */
export function addExamples(
  operation: { requestBody?: unknown; responses: Record<string, Record<string, unknown>> },
  components: Components,
) {
  const bodies: (Media | undefined)[] = [
    (operation.requestBody as { content?: Record<string, Media> } | undefined)?.content?.['application/json'],
    ...Object.entries(operation.responses)
      .filter(([status]) => status.startsWith('2'))
      .map(([, response]) => (response.content as Record<string, Media> | undefined)?.['application/json']),
  ];
  for (const media of bodies) {
    if (!media?.schema || media.example !== undefined || media.examples !== undefined) continue;
    media.example = exampleOf(media.schema, components);
  }
}
