import type { Mode, Workspace } from './api/schema';
import { useSubscribed } from './subscription';

/**
 * Who is signed in, and for which business and mode. Held in memory only: the access token never
 * goes into localStorage, sessionStorage, a script-readable cookie or a URL. A reload (or any full page
 * load) gets a new one from the `HttpOnly` refresh cookie (./session-refresh.ts, docs/dashboard.md).
 */
export type SessionState = {
  token: string | null;
  user: { id: string; email: string } | null;
  /** The X-Service-Mode every call sends. Test until the person switches: nothing real can happen there. */
  mode: Mode;
  /** The x-service-merchant-id every call sends, once a business is chosen. */
  merchantId: string | null;
  /** The businesses this login belongs to; null until read. */
  workspaces: Workspace[] | null;
};

const SIGNED_OUT: SessionState = { token: null, user: null, mode: 'test', merchantId: null, workspaces: null };

let state: SessionState = SIGNED_OUT;
const listeners = new Set<() => void>();

export const session = (): SessionState => state;

export function updateSession(patch: Partial<SessionState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function clearSession() {
  updateSession(SIGNED_OUT);
}

/** The session, re-rendering the caller whenever it changes. */
export function useSession(): SessionState {
  return useSubscribed(listeners, () => state);
}
