import { createGroupsplitClient } from '@groupsplit/client';
import { session } from '../session';
import type { ApiErrorBody, ErrorDetail } from './schema';

/**
 * The one HTTP client of the dashboard: `@groupsplit/client` over the public API, same origin. The
 * session's bearer token, mode (X-Service-Mode) and business (x-service-merchant-id) change while the
 * app runs, so the client reads them before every call.
 */
export const client = createGroupsplitClient({
  baseUrl: window.location.origin,
  credentials: () => {
    const { token, mode, merchantId } = session();
    return { bearer: token ?? undefined, mode, merchantId: merchantId ?? undefined };
  },
});

/**
 * The same client, always asking about live mode whatever the toggle says: what the go-live checklist
 * reads while the dashboard is in test mode ("What you need to go live").
 */
export const liveClient = createGroupsplitClient({
  baseUrl: window.location.origin,
  credentials: () => {
    const { token, merchantId } = session();
    return { bearer: token ?? undefined, mode: 'live', merchantId: merchantId ?? undefined };
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

/** Tells the app of a session problem found outside an API call (the refresh timer). */
export const reportSessionProblem = (problem: SessionProblem) => onSessionProblem(problem);

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
