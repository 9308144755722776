// The error codes of every operation, read from the OpenAPI document's error responses (each one's
// `code` enum and its examples), written as client/src/error-codes.ts: a runtime table keyed by
// operationId and the union types built on it (`ErrorCodeOf<'createCheckoutSession'>`, `ErrorCode`).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Codes of one response: its schema's `code` enum and the codes of its examples. */
function codesOf(response) {
  const content = response.content?.['application/json'];
  if (!content) return [];
  const fromEnum = content.schema?.properties?.code?.enum ?? [];
  const fromExamples = Object.values(content.examples ?? {})
    .map((example) => example.value?.code)
    .filter((code) => typeof code === 'string');
  return [...fromEnum, ...fromExamples];
}

/** operationId → its documented error codes (4xx and 5xx answers; `default` lists none), sorted. */
export function operationErrorCodes(document) {
  const table = {};
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation?.operationId) continue;
      const codes = new Set();
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (status !== 'default' && Number(status) >= 400) for (const code of codesOf(response)) codes.add(code);
      }
      table[operation.operationId] = [...codes].sort();
    }
  }
  return Object.fromEntries(Object.entries(table).sort(([a], [b]) => a.localeCompare(b)));
}

const HEADER = `/**
 * Generated from docs/openapi.json by client/scripts/generate.mjs: do not edit.
 * Regenerate with \`npm run generate -w @groupsplit/client\` after the document changes.
 */
`;

export function errorCodesSource(document) {
  const source = `${HEADER}
/** Every error \`code\` each operation documents, by operationId. */
export const OPERATION_ERROR_CODES = ${JSON.stringify(operationErrorCodes(document))} as const;

/** The operationId of an operation of the API (\`createCheckoutSession\`, \`refundCheckoutSplit\`, …). */
export type OperationId = keyof typeof OPERATION_ERROR_CODES;

/** The error codes one operation answers with: \`ErrorCodeOf<'createCheckoutSession'>\`. */
export type ErrorCodeOf<Op extends OperationId> = (typeof OPERATION_ERROR_CODES)[Op][number];

/** Every error code of the API. */
export type ErrorCode = ErrorCodeOf<OperationId>;
`;
  return format(source, 'src/error-codes.ts');
}

/** Biome's formatting, so the generated file passes \`biome check\` as written. */
function format(source, path) {
  const biome = spawnSync(
    process.execPath,
    [require.resolve('@biomejs/biome/bin/biome'), 'format', `--stdin-file-path=${path}`],
    {
      input: source,
      encoding: 'utf8',
    },
  );
  if (biome.status !== 0) throw new Error(`biome format failed: ${biome.stderr}`);
  return biome.stdout;
}
