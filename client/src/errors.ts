import type { components } from './schema';

/** Every error body of the API: `{ error, code?, details? }` (docs/spec.md, Errors), some with context fields. */
export type ApiErrorBody = components['schemas']['Error'];

/** A call the API refused: its HTTP status and body. Branch on `code` where present, else on `status`. */
export class GroupsplitApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: NonNullable<ApiErrorBody['details']>;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody) {
    super(body.error);
    this.name = 'GroupsplitApiError';
    this.status = status;
    this.code = body.code;
    this.details = body.details ?? [];
    this.body = body;
  }
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
  throw new GroupsplitApiError(result.response.status, errorBody(result.error, result.response.status));
}
