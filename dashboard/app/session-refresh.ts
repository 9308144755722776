import { client, reportSessionProblem } from './api/client';
import { session, updateSession } from './session';

/**
 * Sessions that survive a reload (docs/dashboard.md, "Session"). Sign-in also sets an `HttpOnly`
 * refresh cookie no script can read; this module exchanges it for an access token (kept in memory
 * only, as before) when the app loads, and again before each token expires. Every exchange replaces
 * the cookie, and an old one shown again ends the session, so tabs of one browser take turns (a Web
 * Lock): two tabs loading at once would otherwise both present the same cookie.
 */
const REFRESH_HEADERS = { 'X-Requested-With': 'groupsplit-dashboard' } as const;
/**
 * Refreshed this long before the token expires, and at least this often while a tab is open. Two minutes,
 * because a browser runs the timers of a tab hidden for a while only once a minute.
 */
const EARLY_MS = 2 * 60_000;
const AT_MOST_MS = 10 * 60_000;

let timer: ReturnType<typeof setTimeout> | undefined;
let expiresAtMs = 0;

// A tab coming back into view (a computer waking, another tab closed) may have missed its refresh: the
// token could lapse under the person's next click, so a token about to expire is replaced at once.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState !== 'visible' || !session().token) return;
  if (expiresAtMs - Date.now() < EARLY_MS) void runScheduledRefresh();
});

type Refreshed = { ok: true } | { ok: false; status: number };

async function exchange(): Promise<Refreshed> {
  const { data, response } = await client.POST('/api/auth/session/refresh', { headers: REFRESH_HEADERS });
  if (!response.ok || !data) return { ok: false, status: response.status };
  const previous = session();
  const sameUser = previous.user?.id === data.user.id;
  updateSession({
    token: data.access_token,
    user: { id: data.user.id, email: data.user.email },
    // Another login in this browser (signed in from another tab) starts over with its own businesses.
    ...(sameUser ? {} : { workspaces: null, merchantId: null }),
  });
  scheduleRefresh(data.expires_at);
  return { ok: true };
}

function withTabLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? (locks.request('groupsplit-session-refresh', work) as Promise<T>) : work();
}

/** A new access token for the cookie's session; false (and nothing changed) when there is none. */
export async function refreshSession(): Promise<boolean> {
  try {
    return (await withTabLock(exchange)).ok;
  } catch {
    return false;
  }
}

/** Plans the next refresh for a token expiring at `expiresAt`. */
export function scheduleRefresh(expiresAt: string) {
  stopRefreshing();
  expiresAtMs = new Date(expiresAt).getTime();
  const wait = Math.min(AT_MOST_MS, Math.max(5_000, expiresAtMs - Date.now() - EARLY_MS));
  timer = setTimeout(runScheduledRefresh, wait);
}

async function runScheduledRefresh() {
  if (!session().token) return;
  stopRefreshing();
  const result = await withTabLock(exchange).catch((): Refreshed => ({ ok: false, status: 0 }));
  if (result.ok) return;
  // Ended elsewhere (signed out, timed out, revoked): to sign-in, and back here afterwards. Anything
  // else (offline, a restart) is tried again in half a minute; the token in memory may still work.
  if (result.status === 401) reportSessionProblem('expired');
  else timer = setTimeout(runScheduledRefresh, 30_000);
}

export function stopRefreshing() {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}
