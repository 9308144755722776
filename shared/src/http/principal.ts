import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Who is calling, as the gateway established it. Services never authenticate
 * callers themselves; they trust only a principal carrying the gateway's signature.
 */
export type Principal =
  | { kind: 'anonymous'; ip: string; requestId: string }
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

/** A signed principal is refused after this long, so a captured header is of little use. */
const MAX_AGE_MS = 60_000;

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function signPrincipal(principal: Principal, secret: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ p: principal, iat: now })).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

export function verifyPrincipal(header: string | undefined, secret: string, now = Date.now()): Principal | null {
  if (!header) return null;
  const [payload, signature] = header.split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { p, iat } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { p: Principal; iat: number };
    if (typeof iat !== 'number' || Math.abs(now - iat) > MAX_AGE_MS) return null;
    return p;
  } catch {
    return null;
  }
}
