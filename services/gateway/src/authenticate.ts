import { AppError, type Config, type Db, type Principal, sha256Hex } from '@groupsplit/shared';
import type { AuthRequirement } from './routes/types';

const API_KEY_SHAPE = /^svc_(prod|test|sk)_[A-Za-z0-9_]+$/;

const MESSAGES = {
  merchantUnauthorized: 'Unauthorized',
  splitsMissing: 'Missing or invalid Authorization header',
  splitsInvalid: 'Invalid token',
  apiKey: 'Invalid API Key',
} as const;

type Caller = { ip: string; requestId: string };
type Headers = { authorization?: string; apiKey?: string };

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

async function findSession(db: Db, token: string) {
  return db
    .selectFrom('auth_sessions')
    .innerJoin('users', 'users.id', 'auth_sessions.user_id')
    .select(['auth_sessions.id as sessionId', 'users.id as userId', 'users.email as email'])
    .where('auth_sessions.token_hash', '=', sha256Hex(token))
    .where('auth_sessions.revoked_at', 'is', null)
    .where('auth_sessions.expires_at', '>', new Date())
    .executeTakeFirst();
}

async function findApiKey(db: Db, key: string) {
  if (!API_KEY_SHAPE.test(key)) return undefined;
  return db
    .selectFrom('api_keys')
    .select(['id', 'merchant_id', 'mode'])
    .where('key_hash', '=', sha256Hex(key))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

async function hasConsented(db: Db, config: Config, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('consents')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('terms_version', '=', config.TERMS_VERSION)
    .where('privacy_version', '=', config.PRIVACY_VERSION)
    .executeTakeFirst();
  return Boolean(row);
}

/** Resolves the caller for one route, or throws the spec's 401/403 for that route family. */
export async function authenticate(
  db: Db,
  config: Config,
  requirement: AuthRequirement,
  headers: Headers,
  caller: Caller,
): Promise<Principal> {
  const anonymous: Principal = { kind: 'anonymous', ...caller };
  const token = bearerToken(headers.authorization);

  const sessionPrincipal = async (): Promise<Principal | undefined> => {
    if (!token) return undefined;
    const session = await findSession(db, token);
    return session ? { kind: 'session', ...caller, ...session } : undefined;
  };
  const requireConsent = async (principal: Principal) => {
    if (principal.kind === 'session' && !(await hasConsented(db, config, principal.userId))) {
      throw new AppError(403, 'Consent required', 'consent_required');
    }
    return principal;
  };

  switch (requirement) {
    case 'none':
      return anonymous;
    case 'optional_session':
      return (await sessionPrincipal()) ?? anonymous;
    case 'session':
    case 'session_no_consent': {
      const principal = await sessionPrincipal();
      if (!principal) throw new AppError(401, MESSAGES.merchantUnauthorized);
      return requirement === 'session' ? requireConsent(principal) : principal;
    }
    case 'session_splits': {
      if (!token) throw new AppError(401, MESSAGES.splitsMissing);
      const principal = await sessionPrincipal();
      if (!principal) throw new AppError(401, MESSAGES.splitsInvalid);
      return requireConsent(principal);
    }
    case 'api_key':
    case 'api_key_or_session': {
      if (headers.apiKey) {
        const key = await findApiKey(db, headers.apiKey);
        if (!key) throw new AppError(401, MESSAGES.apiKey);
        return { kind: 'api_key', ...caller, merchantId: key.merchant_id, mode: key.mode, apiKeyId: key.id };
      }
      if (requirement === 'api_key_or_session' && token) {
        const principal = await sessionPrincipal();
        if (!principal) throw new AppError(401, MESSAGES.merchantUnauthorized);
        return requireConsent(principal);
      }
      throw new AppError(401, MESSAGES.apiKey);
    }
  }
}
