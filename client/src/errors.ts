import { type ErrorCode, type ErrorCodeOf, OPERATION_ERROR_CODES, type OperationId } from './error-codes';
import type { components } from './schema';

/**
 * Every error body of the API: `{ error, code?, details? }` (docs/spec.md, Errors), some with context
 * fields, and (docs/errors.md) `request_id`, `doc_url` and `hint`.
 */
export type ApiErrorBody = components['schemas']['Error'];

/**
 * A call the API refused: its HTTP status and body. Branch on `code` where present, else on `status`.
 * `code` is typed as the union of the API's documented codes (`ErrorCode`); `isGroupsplitApiError(error,
 * 'createCheckoutSession')` narrows it to that operation's own codes, so a `switch` over them is checked.
 */
export class GroupsplitApiError<Code extends string = ErrorCode> extends Error {
  readonly status: number;
  readonly code: Code | undefined;
  readonly details: NonNullable<ApiErrorBody['details']>;
  /** The request's id (the `X-Request-Id` header); quote it when asking for help. */
  readonly requestId: string | undefined;
  /** This error's entry in the errors guide (`/docs/errors#<code>`). */
  readonly docUrl: string | undefined;
  /** What to do about it, for people, where the API says (never branch on it). */
  readonly hint: string | undefined;
  readonly body: ApiErrorBody;

  /** `requestId`: the `X-Request-Id` header, for the answers whose body has no `request_id`. */
  constructor(status: number, body: ApiErrorBody, requestId?: string | null) {
    super(body.error);
    this.name = 'GroupsplitApiError';
    this.status = status;
    this.code = body.code as Code | undefined;
    this.details = body.details ?? [];
    this.requestId = typeof body.request_id === 'string' ? body.request_id : (requestId ?? undefined);
    this.docUrl = typeof body.doc_url === 'string' ? body.doc_url : undefined;
    this.hint = typeof body.hint === 'string' ? body.hint : undefined;
    this.body = body;
  }
}

/**
 * Whether `error` is a refusal from the API and, given an operation, one carrying no code or a code that
 * operation documents (docs/openapi.json): then `error.code` is `ErrorCodeOf<operation>`.
 *
 * ```ts
 * } catch (error) {
 *   if (!isGroupsplitApiError(error, 'createCheckoutSession')) throw error;
 *   switch (error.code) {
 *     case 'invalid_return_url': …
 *   }
 * }
 * ```
 */
export function isGroupsplitApiError(error: unknown): error is GroupsplitApiError;
export function isGroupsplitApiError<Op extends OperationId>(
  error: unknown,
  operation: Op,
): error is GroupsplitApiError<ErrorCodeOf<Op>>;
export function isGroupsplitApiError(error: unknown, operation?: OperationId): boolean {
  if (!(error instanceof GroupsplitApiError)) return false;
  if (operation === undefined || error.code === undefined) return true;
  return (OPERATION_ERROR_CODES[operation] as readonly string[]).includes(error.code);
}

function errorBody(error: unknown, status: number): ApiErrorBody {
  if (error && typeof error === 'object' && typeof (error as ApiErrorBody).error === 'string') {
    return error as ApiErrorBody;
  }
  return { error: `HTTP ${status}` };
}

/**
 * The data of a successful call, or a thrown `GroupsplitApiError`:
 * `const session = unwrap(await client.POST('/api/merchants/checkout/sessions', { body }))`.
 */
export function unwrap<Data>(result: { data?: Data; error?: unknown; response: Response }): Data {
  if (result.response.ok) return result.data as Data;
  throw new GroupsplitApiError(
    result.response.status,
    errorBody(result.error, result.response.status),
    result.response.headers.get('x-request-id'),
  );
}
