import { MESSAGES } from './messages';

/**
 * What every error body gains beside the spec's `{ error, code?, details? }` (docs/errors.md,
 * "Request id, docs link and hint"): `request_id` (the `X-Request-Id` header's value), `doc_url` (this
 * error's anchor on /docs/errors) and, where there is something to do, `hint`. All additive.
 *
 * One rule decides which answers keep exactly `{ error }`: the table below. Nothing else may
 * decide it, so an answer is exact here or nowhere.
 */

/** The path of the errors guide on /docs (services/gateway/src/docs/reference.ts publishes docs/errors.md there). */
export const ERRORS_DOC_PATH = '/docs/errors';

type ExactShapeAnswer = { method: string; path: string; status: number; errors: readonly string[] };

/**
 * Answers documented as exactly `{ error }`: they keep the `X-Request-Id` header only, no field is
 * added. POST /api/checkout-splits' body checks (docs/spec.md, Splits, "Create body"; their exact
 * shape is stated in docs/splits.md, "Create validation"). Only the codeless answer is exact: the
 * unknown-field 400 of the same route has a code and `details`, and gains the fields like any other.
 */
export const EXACT_SHAPE_ANSWERS: readonly ExactShapeAnswer[] = [
  {
    method: 'POST',
    path: '/api/checkout-splits',
    status: 400,
    errors: [MESSAGES.validationFailed, MESSAGES.noParticipants, MESSAGES.participantRow, MESSAGES.minShare],
  },
];

export type ErrorAnswerContext = {
  method: string;
  path: string;
  status: number;
  requestId: string;
  /** The public base URL the docs are served under (PUBLIC_BASE_URL). */
  publicBaseUrl: string;
  /** A hint of the call as a whole (the mode it assumed), added after the error's own. */
  callHint?: string;
};

/** Whether this answer is one the spec documents as exactly `{ error }` (EXACT_SHAPE_ANSWERS). */
export function isExactShapeAnswer(
  answer: Pick<ErrorAnswerContext, 'method' | 'path' | 'status'>,
  body: Record<string, unknown>,
): boolean {
  if (Object.keys(body).length !== 1 || typeof body.error !== 'string') return false;
  return EXACT_SHAPE_ANSWERS.some(
    (exact) =>
      exact.method === answer.method &&
      exact.path === answer.path &&
      exact.status === answer.status &&
      exact.errors.includes(body.error as string),
  );
}

/** The anchor of an error on /docs/errors: its code, else its status (`http-500`). */
export const errorAnchor = (code: unknown, status: number): string =>
  typeof code === 'string' && /^[a-z0-9_]+$/.test(code) ? code : `http-${status}`;

/** The docs link of an error with this code (or, without one, this status). */
export const errorDocUrl = (publicBaseUrl: string, code: unknown, status: number): string =>
  `${publicBaseUrl.replace(/\/+$/, '')}${ERRORS_DOC_PATH}#${errorAnchor(code, status)}`;

/** The body sent for an error: the spec's fields as they are, then `request_id`, `doc_url` and `hint` (unless exact). */
export function errorAnswerBody(body: Record<string, unknown>, answer: ErrorAnswerContext): Record<string, unknown> {
  if (isExactShapeAnswer(answer, body)) return body;
  const hint = [body.hint, answer.callHint].filter((part) => typeof part === 'string' && part !== '').join(' ');
  return {
    ...body,
    request_id: answer.requestId,
    doc_url: errorDocUrl(answer.publicBaseUrl, body.code, answer.status),
    ...(hint ? { hint } : {}),
  };
}
