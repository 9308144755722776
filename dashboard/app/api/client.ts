import createClient from 'openapi-fetch';
import { session } from '../session';
import type { ApiErrorBody, ErrorDetail, paths } from './schema';

/**
 * The one HTTP client of the dashboard: openapi-fetch over the public API, same origin, with the
 * session's bearer token, mode (X-Service-Mode) and business (x-service-merchant-id) on every call.
 * It is typed by `@groupsplit/client`'s generated `paths` (./schema.ts); the headers change with the
 * session, so they are set per request here rather than once as `createGroupsplitClient` does.
 */
export const client = createClient<paths>({ baseUrl: window.location.origin });

client.use({
  onRequest({ request }) {
    const { token, mode, merchantId } = session();
    if (token) request.headers.set('authorization', `Bearer ${token}`);
    request.headers.set('x-service-mode', mode);
    if (merchantId) request.headers.set('x-service-merchant-id', merchantId);
    return request;
  },
});

/** A refused call, with the API's own message, code and per-field details (docs/spec.md, Errors). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: ErrorDetail[];
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody) {
    super(body.error);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.details = body.details ?? [];
    this.body = body;
  }
}

export type SessionProblem = 'expired' | 'consent' | 'workspace';
let onSessionProblem: (problem: SessionProblem) => void = () => undefined;

/** The app decides what a lost session, missing consent or an ambiguous business lead to. */
export function handleSessionProblems(handler: (problem: SessionProblem) => void) {
  onSessionProblem = handler;
}

const UNREACHABLE = 'Could not reach groupsplit. Check your connection and try again.';

function errorBody(error: unknown, status: number): ApiErrorBody {
  if (error && typeof error === 'object' && typeof (error as ApiErrorBody).error === 'string') {
    return error as ApiErrorBody;
  }
  return { error: `The request failed (HTTP ${status}).` };
}

/** The data of a successful call; anything else throws an ApiError (and reports a session problem first). */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch {
    throw new ApiError(0, { error: UNREACHABLE });
  }
  const { data, error, response } = result;
  if (response.ok) return data as T;
  const failure = new ApiError(response.status, errorBody(error, response.status));
  if (response.status === 401 && session().token) onSessionProblem('expired');
  else if (response.status === 403 && failure.code === 'consent_required') onSessionProblem('consent');
  else if (response.status === 409 && failure.code === 'business_selection_required') onSessionProblem('workspace');
  throw failure;
}
