import {
  AuthSessionsRepository,
  type Config,
  type Db,
  randomToken,
  SessionFamiliesRepository,
  sha256Hex,
  UsersRepository,
} from '@groupsplit/shared';
import type { SignInAddress } from './email-address';

/** The lifetime of the access token POST /api/auth/email/verify answers. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** The account for an address, created on first sign-in. */
export async function findOrCreateUser(trx: Db, email: SignInAddress): Promise<{ id: string; email: string }> {
  // Already lower case (email-address.ts); the index is on lower(email), for rows other routes wrote.
  return new UsersRepository(trx).findOrCreate(email);
}

/**
 * A new bearer token; only its hash is stored, so the token exists only in this response. One made
 * for a session family ends with it, and never outlives the family's absolute end.
 */
export async function createSession(trx: Db, userId: string, family?: { id: string; expiresAt: Date; ttlMs: number }) {
  const token = randomToken(32);
  const ttlMs = family?.ttlMs ?? SESSION_TTL_MS;
  const wanted = Date.now() + ttlMs;
  const expiresAt = new Date(family ? Math.min(wanted, family.expiresAt.getTime()) : wanted);
  await new AuthSessionsRepository(trx).create({
    userId,
    tokenHash: sha256Hex(token),
    expiresAt,
    familyId: family?.id ?? null,
  });
  return { token, expiresAt };
}

/** The session family a sign-in starts (one per sign-in and device), with its access token. */
export async function signInSession(
  trx: Db,
  config: Config,
  input: { userId: string; userAgent: string; clientIp: string },
) {
  const family = await new SessionFamiliesRepository(trx).start({
    ...input,
    absoluteMs: config.SESSION_ABSOLUTE_TIMEOUT_MS,
  });
  const access = await createSession(trx, input.userId, {
    id: family.familyId,
    expiresAt: family.expiresAt,
    ttlMs: SESSION_TTL_MS,
  });
  return { ...access, familyId: family.familyId, familyEndsAt: family.expiresAt, refreshToken: family.refreshToken };
}
