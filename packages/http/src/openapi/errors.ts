import { MESSAGES, stableErrorCode } from '@groupsplit/core';
import { z } from 'zod';
import type { oas31 } from 'zod-openapi';

/**
 * One field problem of a 400 (registration, invoicing and every validated body). Loose, like the
 * Error schema, so the component reads the same as request and response.
 */
export const ErrorDetailSchema = z
  .looseObject({
    field: z
      .string()
      .meta({ description: 'The field, as a dotted path (`line_items.0.amount`).', example: 'retrun_url' }),
    message: z
      .string()
      .meta({ description: 'What is wrong with it.', example: 'Unknown field retrun_url. Did you mean return_url?' }),
  })
  .meta({ id: 'ErrorDetail', description: 'One field that failed validation.' });

/**
 * Every error body (docs/spec.md, Errors). Some errors add context fields beside these
 * (`status` on `not_pending`, `business_name` on `company_already_registered`, `refund` on
 * `partial_failure`…), so other properties are allowed.
 */
export const ErrorSchema = z
  .looseObject({
    error: z.string().meta({ description: 'What went wrong, for people. Never branch on it.' }),
    code: z.string().optional().meta({ description: 'Machine-readable reason; branch on it where present.' }),
    details: z.array(ErrorDetailSchema).optional().meta({
      description:
        'On a 400 about the input: one entry per field that failed, each naming its field; at most 20 (see `details_truncated`).',
    }),
    details_truncated: z
      .number()
      .int()
      .positive()
      .optional()
      .meta({ description: 'How many more fields failed than the 20 `details` lists; absent when it lists them all.' }),
    request_id: z
      .string()
      .optional()
      .meta({
        description:
          "This request's id, the same as the `X-Request-Id` response header; quote it when asking for help. " +
          'Absent only on the answers documented as exactly `{ error }`.',
        example: '0b6f1f1e-6a8e-4a53-9c1e-2f3f4c5d6e7f',
      }),
    doc_url: z.string().optional().meta({
      description:
        "This error's entry in the errors guide: `/docs/errors#<code>` (or `#http-<status>` without a code).",
      example: 'https://groupsplit.example/docs/errors#invalid_api_key',
    }),
    hint: z.string().optional().meta({
      description: 'What to do about it, for people, where there is something to do. Never branch on it.',
      example: 'Send API keys in the X-Merchant-API-Key header',
    }),
  })
  .meta({
    id: 'Error',
    description:
      'Every error has this shape. Branch on `code` where present, else on the status; never on the message text. ' +
      'Some errors add context fields (for example `status` on `not_pending`).',
    example: { error: 'Not found', code: 'not_found' },
  });

/**
 * One way an operation can fail: the message (as sent), its code if it has one, and when it happens.
 * `passedThrough`: the code is another party's (the processor's decline codes), so it is not listed.
 */
export type ErrorEntry = {
  error: string;
  code?: string;
  when?: string;
  passedThrough?: boolean;
  /** An answer any operation can give (malformed input); its code is allowed but it is described once, not per operation. */
  generic?: boolean;
};

export const err = (error: string, code?: string, when?: string): ErrorEntry => ({ error, code, when });

/** An error whose code comes from the processor (a decline code, for example), so any code may appear. */
export const passedThrough = (error: string, example: string, when: string): ErrorEntry => ({
  error,
  code: example,
  when,
  passedThrough: true,
});

/** Error entries by HTTP status. */
export type ErrorMap = Partial<Record<number, ErrorEntry[]>>;

const STATUS_SUMMARY: Record<number, string> = {
  400: 'The request was refused.',
  401: 'No valid credential.',
  402: 'The card was refused.',
  403: 'Not allowed.',
  404: 'Not found.',
  409: 'Conflicts with the current state.',
  413: 'The body is too large.',
  429: 'Too many requests.',
  500: 'Unexpected error.',
  502: 'A service we depend on failed.',
};

const CODE_AT_THIS_STATUS = 'Machine-readable reason: one of the codes this operation answers with at this status.';

/** Vendor extension that keeps an error response's entries, so the gateway can add its own to them. */
export const ERROR_ENTRIES_KEY = 'x-errors';

const exampleName = (entry: ErrorEntry, taken: Set<string>) => {
  const base = (
    entry.code ??
    entry.error
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_|_$/g, '')
      .toLowerCase()
  ).slice(0, 60);
  let name = base || 'error';
  for (let i = 2; taken.has(name); i++) name = `${base}_${i}`;
  taken.add(name);
  return name;
};

const describe = (entry: ErrorEntry) => {
  const code = entry.code ? `\`${entry.code}\`${entry.passedThrough ? ' (or another processor code)' : ''}: ` : '';
  return `- ${code}${entry.error}${entry.when ? ` (${entry.when})` : ''}`;
};

/**
 * The response object of one error status: the shared Error schema with `code` limited to the
 * codes listed, one example per entry, and a description listing them. The entries are kept under
 * `x-errors` so more can be merged in later (the gateway adds its authentication and limit errors).
 */
export function errorResponse(status: number, given: ErrorEntry[]): oas31.ResponseObject {
  // A 401, 403 or 404 answers with its stable code when the thrower names none (packages/core/src/errors/stable-codes.ts).
  const entries = given.map((entry) => ({ ...entry, code: entry.code ?? stableErrorCode(status, entry.error) }));
  const unique = entries.filter(
    (entry, i) => entries.findIndex((e) => e.error === entry.error && e.code === entry.code) === i,
  );
  const open = unique.some((entry) => entry.passedThrough);
  const codes = open ? [] : [...new Set(unique.flatMap((entry) => (entry.code ? [entry.code] : [])))];
  const ref = { $ref: '#/components/schemas/Error' };
  const names = new Set<string>();
  const described = unique.filter((entry) => !entry.generic);
  // One example per code (or per message without one); the description lists every message.
  const examples = described.filter(
    (entry, i) => described.findIndex((e) => (e.code ?? e.error) === (entry.code ?? entry.error)) === i,
  );
  return {
    description: described.length
      ? [STATUS_SUMMARY[status] ?? 'Error.', '', ...described.map(describe)].join('\n')
      : 'Malformed input (see Errors in the introduction).',
    content: {
      'application/json': {
        schema:
          codes.length > 0
            ? { allOf: [ref], properties: { code: { enum: codes, description: CODE_AT_THIS_STATUS } } }
            : ref,
        ...(examples.length
          ? {
              examples: Object.fromEntries(
                examples.map((entry) => [
                  exampleName(entry, names),
                  { value: { error: entry.error, ...(entry.code ? { code: entry.code } : {}) } },
                ]),
              ),
            }
          : {}),
      },
    },
    [ERROR_ENTRIES_KEY]: unique,
  } as oas31.ResponseObject;
}

/** Responses for an operation's error statuses. */
export function errorResponses(map: ErrorMap): Record<string, oas31.ResponseObject> {
  return Object.fromEntries(
    Object.entries(map)
      .filter(([, entries]) => (entries ?? []).length > 0)
      .map(([status, entries]) => [status, errorResponse(Number(status), entries ?? [])]),
  );
}

/** Adds entries to an operation's responses (creating the status when missing). */
export function addErrorEntries(responses: Record<string, unknown>, map: ErrorMap): void {
  for (const [status, entries] of Object.entries(map)) {
    if (!entries?.length) continue;
    const existing = responses[status] as Record<string, unknown> | undefined;
    const earlier = (existing?.[ERROR_ENTRIES_KEY] as ErrorEntry[] | undefined) ?? [];
    responses[status] = errorResponse(Number(status), [...earlier, ...(entries ?? [])]);
  }
}

/** Concatenates error maps status by status. */
export function mergeErrors(...maps: ErrorMap[]): ErrorMap {
  const merged: ErrorMap = {};
  for (const map of maps) {
    for (const [status, entries] of Object.entries(map)) {
      merged[Number(status)] = [...(merged[Number(status)] ?? []), ...(entries ?? [])];
    }
  }
  return merged;
}

/**
 * The answers of `merchantContext()` (the business a session acts for) and of the permission
 * table, shared by every business route.
 */
export const BUSINESS_ERRORS = {
  noMerchant: err(MESSAGES.noMerchant, undefined, 'the login belongs to no business'),
  selectionRequired: err(
    MESSAGES.selectionRequired,
    'business_selection_required',
    'the login belongs to several businesses and no x-service-merchant-id was sent',
  ),
  paused: err(MESSAGES.paused, 'business_forbidden', 'the workspace is paused (read-only)'),
  role: (message: string = MESSAGES.roleForbidden) => err(message, 'business_forbidden', 'the role may not do this'),
  invalidMode: err('X-Service-Mode must be test or live', 'invalid_service_mode'),
} as const;

/** What a business route can answer before it looks at anything of its own. */
export function businessErrors(options: { write?: boolean; roleMessage?: string; mode?: boolean } = {}): ErrorMap {
  return {
    ...(options.mode ? { 400: [BUSINESS_ERRORS.invalidMode] } : {}),
    403: options.write
      ? [BUSINESS_ERRORS.role(options.roleMessage), BUSINESS_ERRORS.paused]
      : options.roleMessage
        ? [BUSINESS_ERRORS.role(options.roleMessage)]
        : [],
    404: [BUSINESS_ERRORS.noMerchant],
    409: [BUSINESS_ERRORS.selectionRequired],
  };
}

/**
 * A business route's error answers in one call: `businessErrors(options)` (merchantContext and the
 * permission table) merged with the operation's own.
 */
export function businessErrorResponses(options: Parameters<typeof businessErrors>[0] = {}, own: ErrorMap = {}) {
  return errorResponses(mergeErrors(businessErrors(options), own));
}

/** The plain 400 of a body, query or path that fails its schema. */
export const VALIDATION_FAILED: ErrorEntry = err(MESSAGES.validationFailed, 'validation_failed');
