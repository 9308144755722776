import {
  ApiKeysRepository,
  AppError,
  AuthSessionsRepository,
  apiKeyShape,
  type Config,
  type Db,
  forbidden,
  hasAcceptedCurrentConsent,
  MESSAGES,
  type Principal,
  readRefreshCookie,
  sha256Hex,
  unauthorized,
} from '@groupsplit/shared';
import { type ApiKeyLookup, type CountInLookup, type LookupCount, lookUpApiKey } from './api-key-lookup';
import type { AuthRequirement } from './routes/types';

type Caller = { ip: string; requestId: string };
type Headers = { authorization?: string; apiKey?: string; cookie?: string };

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

async function findSession(db: Db, token: string) {
  return new AuthSessionsRepository(db).findActive(sha256Hex(token));
}

/** last_used_at is refreshed at most this often, so busy keys do not turn every request into a write. */
const LAST_USED_GRANULARITY_MS = 60_000;

/**
 * An unrevoked key whose stored mode agrees with its shape. A revocation applies to the very next
 * request: Postgres is asked each time, or, with the Redis cache (api-key-cache.ts), the key's
 * revocation marker is. Legacy shapes (svc_sk_…) keep their mode. With `count`, the same round
 * trip counts the request in that rate-limit bucket and `count.result` holds the count (set only
 * when the key authenticates).
 */
export async function findApiKey(db: Db, key: string, count?: ApiKeyCount, lookUp?: ApiKeyLookup) {
  const shape = apiKeyShape(key);
  if (!shape) return undefined;
  const lookUpKey: ApiKeyLookup = lookUp ?? ((...args) => lookUpApiKey(db, ...args));
  const found = await lookUpKey(sha256Hex(key), shape.mode, count?.bucket);
  const row = found?.row;
  if (!row || row.mode !== shape.mode) return undefined;
  if (count) count.result = found.counted;
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > LAST_USED_GRANULARITY_MS) {
    const staleBefore = new Date(Date.now() - LAST_USED_GRANULARITY_MS);
    // Conditional, so concurrent requests that all saw a stale value write once between them.
    await new ApiKeysRepository(db).touchLastUsed(row.id, staleBefore);
    // A cached row is the same object: it now knows the write was made, and does not repeat it.
    row.last_used_at = new Date();
  }
  return row;
}

/** A rate-limit count the API-key lookup makes in its own statement; `result` is filled in when it ran. */
export type ApiKeyCount = { bucket: CountInLookup; result?: LookupCount };

/** The hints a refused credential carries (docs/errors.md, "Request id, docs link and hint"); the spec's `error` is never changed. */
export const AUTH_HINTS = {
  keyAsBearer: 'Send API keys in the X-Merchant-API-Key header',
  needsSession: 'This route needs a signed-in dashboard session, not an API key',
  noKey: 'Send your API key in the X-Merchant-API-Key header',
  keyShape: 'API keys begin svc_test_ (test mode) or svc_prod_ (live mode)',
} as const;

const SESSION_ONLY: ReadonlySet<AuthRequirement> = new Set(['session', 'session_no_consent', 'session_splits']);

/** What a caller refused with 401 on a route of `requirement` can do, from the credentials it sent. */
export function authHint(requirement: AuthRequirement, headers: Headers): string | undefined {
  const token = bearerToken(headers.authorization);
  const keyInBearer = token?.startsWith('svc_') === true;
  if (SESSION_ONLY.has(requirement)) return headers.apiKey || keyInBearer ? AUTH_HINTS.needsSession : undefined;
  if (requirement !== 'api_key' && requirement !== 'api_key_or_session') return undefined;
  if (keyInBearer && !headers.apiKey) return AUTH_HINTS.keyAsBearer;
  if (headers.apiKey) return apiKeyShape(headers.apiKey) ? undefined : AUTH_HINTS.keyShape;
  return token ? undefined : AUTH_HINTS.noKey;
}

/**
 * Resolves the caller for one route, or throws the 401/403 of docs/spec.md (Authentication, Errors) for
 * that route family; a 401 carries a hint where the credentials sent say what to change (authHint).
 * Its arguments are resolveCaller's, below.
 */
export async function authenticate(...args: Parameters<typeof resolveCaller>): Promise<Principal> {
  const [, , requirement, headers] = args;
  try {
    return await resolveCaller(...args);
  } catch (error) {
    if (error instanceof AppError && error.status === 401) throw error.withHint(authHint(requirement, headers));
    throw error;
  }
}

async function resolveCaller(
  db: Db,
  config: Config,
  requirement: AuthRequirement,
  headers: Headers,
  caller: Caller,
  /** Counts the request in a per-key bucket along with the key lookup, when an API key is used. */
  apiKeyCount?: ApiKeyCount,
  /** How keys are found (the Redis cache's lookup); Postgres each time by default. */
  lookUpKey?: ApiKeyLookup,
): Promise<Principal> {
  const anonymous: Principal = { kind: 'anonymous', ...caller };
  const token = bearerToken(headers.authorization);

  const sessionPrincipal = async (): Promise<Principal | undefined> => {
    if (!token) return undefined;
    const session = await findSession(db, token);
    return session ? { kind: 'session', ...caller, ...session } : undefined;
  };
  const requireConsent = async (principal: Principal) => {
    if (principal.kind === 'session' && !(await hasAcceptedCurrentConsent(db, config, principal.userId))) {
      throw forbidden(MESSAGES.consentRequired, 'consent_required');
    }
    return principal;
  };

  switch (requirement) {
    case 'none':
      return anonymous;
    case 'optional_session':
      return (await sessionPrincipal()) ?? anonymous;
    case 'refresh_cookie': {
      // The merchants service checks it (and rotates it); only its hash leaves the gateway.
      const refresh = readRefreshCookie(config, headers.cookie);
      return refresh ? { ...anonymous, refreshTokenHash: sha256Hex(refresh) } : anonymous;
    }
    case 'session':
    case 'session_no_consent': {
      const principal = await sessionPrincipal();
      // docs/spec.md, Authentication rule 6: an API key (with no bearer) on any session route gets the splits wording.
      if (!principal)
        throw unauthorized(!token && headers.apiKey ? MESSAGES.missingAuthorization : MESSAGES.unauthorized);
      return requirement === 'session' ? requireConsent(principal) : principal;
    }
    case 'session_splits': {
      if (!token) throw unauthorized(MESSAGES.missingAuthorization);
      const principal = await sessionPrincipal();
      if (!principal) throw unauthorized(MESSAGES.invalidToken);
      return requireConsent(principal);
    }
    case 'api_key':
    case 'api_key_or_session': {
      if (headers.apiKey) {
        const key = await findApiKey(db, headers.apiKey, apiKeyCount, lookUpKey);
        if (!key) throw unauthorized(MESSAGES.invalidApiKey);
        return { kind: 'api_key', ...caller, merchantId: key.merchant_id, mode: key.mode, apiKeyId: key.id };
      }
      if (requirement === 'api_key_or_session' && token) {
        const principal = await sessionPrincipal();
        if (!principal) throw unauthorized(MESSAGES.unauthorized);
        return requireConsent(principal);
      }
      throw unauthorized(MESSAGES.invalidApiKey);
    }
  }
}
