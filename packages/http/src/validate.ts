import { type AppError, type ErrorDetail, MESSAGES, validationFailed } from '@groupsplit/core';
import type { Context, Next } from 'koa';
import type { z } from 'zod';
import { issuesToDetails } from './field-messages';
import { unknownFieldDetails } from './unknown-fields';

declare module 'koa' {
  interface BaseContext {
    /** Output of the route's validate() schemas, by part. */
    valid: { body?: unknown; query?: unknown; params?: unknown };
  }
}

export type ValidationFailure = (details: ErrorDetail[]) => AppError;

/**
 * For a route whose answer to a body with several problems is its most important message: the
 * first of `priority` that one of the details carries, or undefined when none does.
 */
export const mostImportant = (details: ErrorDetail[], priority: readonly string[]): string | undefined =>
  priority.find((message) => details.some((detail) => detail.message === message));

/** Marks the middleware validate() returns with the part it checks, so routes can be asked what they declare. */
const VALIDATED_PART = Symbol('validated part');

/** Whether a route middleware is validate('query', …): that route declares its query string. */
export const validatesQuery = (middleware: unknown): boolean =>
  typeof middleware === 'function' && (middleware as { [VALIDATED_PART]?: string })[VALIDATED_PART] === 'query';

/**
 * An object (at any depth of a body or query) with more keys than this is refused at once, before
 * its keys are checked one by one (docs/errors.md, "Bounded answers"). No operation declares an
 * object near this size; arrays are not counted (their bounds are the operations' own and the size cap).
 */
export const MAX_OBJECT_KEYS = 200;

/** The path of the first object in `input` with more than MAX_OBJECT_KEYS keys, or undefined; each object's keys are counted before it is descended into. */
function oversizedObject(input: unknown, root: string): string | undefined {
  const pending: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    const keys = Object.keys(value);
    if (!Array.isArray(value) && keys.length > MAX_OBJECT_KEYS) return path.join('.') || root;
    for (const key of keys) {
      const child = (value as Record<string, unknown>)[key];
      if (typeof child === 'object' && child !== null) pending.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}

/** Suggestions repeated in an unknown-field refusal's hint, at most (each is also in `details`). */
const MAX_HINTED_SUGGESTIONS = 3;

/**
 * The hint of an unknown-field refusal: its "Did you mean …?" messages, which otherwise sit only in
 * `details` (docs/errors.md, "Request id, docs link and hint"); else which fields to remove.
 */
export function unknownFieldsHint(details: ErrorDetail[]): string {
  const suggested = details.filter((detail) => detail.message.includes(' Did you mean '));
  if (suggested.length > 0) {
    return suggested
      .slice(0, MAX_HINTED_SUGGESTIONS)
      .map((detail) => detail.message)
      .join(' ');
  }
  const names = details.slice(0, MAX_HINTED_SUGGESTIONS).map((detail) => detail.field);
  return `Remove ${names.join(', ')}${details.length > names.length ? ' and the others in details' : ''}: the operation does not declare ${details.length === 1 ? 'it' : 'them'} (see its reference on /docs).`;
}

const defaultFailure: ValidationFailure = (details) => validationFailed(MESSAGES.validationFailed, details);

/**
 * Route middleware that parses one part of the request with a zod schema. Routes whose
 * message in docs/spec.md (Errors) differs from the generic one pass that message, or their own
 * failure mapper where the message depends on the details.
 * A body or query field the schema does not declare is refused first, with the generic 400
 * `validation_failed` whatever the route's mapper (docs/errors.md, "Unknown fields").
 */
export function validate<S extends z.ZodType>(
  part: 'body' | 'query' | 'params',
  schema: S,
  failure: ValidationFailure | string = defaultFailure,
) {
  const onFailure: ValidationFailure =
    typeof failure === 'string' ? (details) => validationFailed(failure, details) : failure;
  const middleware = async (ctx: Context, next: Next) => {
    const input = part === 'body' ? ctx.request.body : part === 'query' ? ctx.query : ctx.params;
    if (part !== 'params') {
      const oversized = oversizedObject(input, `(${part})`);
      if (oversized !== undefined) {
        throw validationFailed(MESSAGES.validationFailed, [
          {
            field: oversized,
            message: `${oversized === `(${part})` ? `The ${part}` : oversized} has more than ${MAX_OBJECT_KEYS} fields`,
          },
        ]);
      }
      const unknown = unknownFieldDetails(schema, input, part);
      if (unknown.length > 0)
        throw validationFailed(MESSAGES.validationFailed, unknown).withHint(unknownFieldsHint(unknown));
    }
    const result = schema.safeParse(input ?? {});
    if (!result.success) throw onFailure(issuesToDetails(result.error.issues, input));
    ctx.valid = { ...(ctx.valid ?? {}), [part]: result.data };
    return next();
  };
  return Object.assign(middleware, { [VALIDATED_PART]: part });
}

/** Typed read of what validate() stored. */
export function validBody<S extends z.ZodType>(ctx: Context, _schema: S): z.infer<S> {
  return ctx.valid.body as z.infer<S>;
}
export function validQuery<S extends z.ZodType>(ctx: Context, _schema: S): z.infer<S> {
  return ctx.valid.query as z.infer<S>;
}
