import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Who is calling, as the gateway established it. Services never authenticate
 * callers themselves; they trust only a principal carrying the gateway's signature.
 */
export type Principal =
  | {
      kind: 'anonymous';
      ip: string;
      requestId: string;
      /** On POST /api/auth/session/refresh only: the SHA-256 of the refresh cookie, which the gateway does not forward. */
      refreshTokenHash?: string;
    }
  | { kind: 'session'; ip: string; requestId: string; userId: string; email: string; sessionId: string }
  | {
      kind: 'api_key';
      ip: string;
      requestId: string;
      merchantId: string;
      mode: 'test' | 'live';
      apiKeyId: string;
    };

export const PRINCIPAL_HEADER = 'x-groupsplit-principal';

/**
 * The one request a signed principal is for: the service it is sent to, the method and the path
 * with its query exactly as sent. A header captured from one call is refused on any other route,
 * method or service (docs/security.md, "Signed principals").
 */
export type PrincipalAudience = { service: string; method: string; url: string };

/**
 * A signed principal is refused this long after (or before) it was made: enough for the gateway's
 * re-sends while a service restarts (8 s) and a slow answer, short for a replay of the same call.
 */
export const PRINCIPAL_TOLERANCE_MS = 30_000;

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function signPrincipal(
  principal: Principal,
  secret: string,
  audience: PrincipalAudience,
  now = Date.now(),
): string {
  const claims = { p: principal, iat: now, aud: audience.service, m: audience.method, u: audience.url };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

type Claims = { p: Principal; iat: number; aud: string; m: string; u: string };

export function verifyPrincipal(
  header: string | undefined,
  secret: string,
  audience: PrincipalAudience,
  now = Date.now(),
): Principal | null {
  if (!header) return null;
  const [payload, signature] = header.split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
    if (typeof claims.iat !== 'number' || Math.abs(now - claims.iat) > PRINCIPAL_TOLERANCE_MS) return null;
    if (claims.aud !== audience.service || claims.m !== audience.method || claims.u !== audience.url) return null;
    return claims.p;
  } catch {
    return null;
  }
}
