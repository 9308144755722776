import type { ErrorDetail } from '@groupsplit/core';
import { z } from 'zod';

/**
 * The `details` of a validation failure, one per zod issue, each message naming its field
 * (docs/errors.md). A schema's own message (most routes word theirs, some as docs/spec.md does)
 * is kept as written; only zod's generic English ("Invalid input: expected string, received
 * undefined") is reworded, since it names no field: a missing field "is required", a wrong
 * type "must be a string", a limit says which.
 */
export function issuesToDetails(issues: z.core.$ZodIssue[], input?: unknown): ErrorDetail[] {
  return issues.map((issue) => {
    const field = issue.path.join('.') || '(body)';
    return { field, message: isGeneric(issue, input) ? reworded(issue, field, input) : issue.message };
  });
}

/** Whether the message is zod's own default for the issue, not one a schema set. */
function isGeneric(issue: z.core.$ZodIssue, input: unknown): boolean {
  const localeError = z.config().localeError;
  if (!localeError) return false;
  // The default wording reads the value ("received string"), which a parsed issue no longer carries.
  const generic = localeError({ ...issue, input: valueAt(input, issue.path) } as never);
  return (typeof generic === 'string' ? generic : generic?.message) === issue.message;
}

const valueAt = (input: unknown, path: PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (value, key) =>
      typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined,
    input,
  );

const UNITS: Record<string, [string, string]> = {
  string: ['character', 'characters'],
  array: ['item', 'items'],
  set: ['item', 'items'],
  file: ['byte', 'bytes'],
};

function limit(field: string, origin: string, bound: number | bigint, inclusive: boolean | undefined, most: boolean) {
  const unit = UNITS[origin];
  const n = Number(bound);
  if (unit) {
    const count = inclusive === false ? (most ? n - 1 : n + 1) : n;
    return `${field} must have ${most ? 'at most' : 'at least'} ${count} ${count === 1 ? unit[0] : unit[1]}`;
  }
  const word = most ? (inclusive === false ? 'less than' : 'at most') : inclusive === false ? 'more than' : 'at least';
  return `${field} must be ${word} ${n}`;
}

const article = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);

function reworded(issue: z.core.$ZodIssue, field: string, input: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(input, issue.path) === undefined
        ? `${field} is required`
        : `${field} must be ${article(issue.expected)}`;
    case 'too_small':
      return limit(field, issue.origin, issue.minimum, issue.inclusive, false);
    case 'too_big':
      return limit(field, issue.origin, issue.maximum, issue.inclusive, true);
    case 'invalid_value':
      return `${field} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex'
        ? `${field} is not in the expected format`
        : `${field} must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${issue.divisor}`;
    default:
      return `${field}: ${issue.message}`;
  }
}
