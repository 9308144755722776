import { type Db, randomToken, sha256Hex } from '@groupsplit/shared';
import { sql } from 'kysely';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** The account for an address, created on first sign-in. */
export async function findOrCreateUser(trx: Db, email: string): Promise<{ id: string; email: string }> {
  // The unique index is on lower(email), which kysely's onConflict cannot name.
  await sql`INSERT INTO users (email) VALUES (${email}) ON CONFLICT ((lower(email))) DO NOTHING`.execute(trx);
  return trx
    .selectFrom('users')
    .select(['id', 'email'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
}

/** A new bearer token; only its hash is stored, so the token exists only in this response. */
export async function createSession(trx: Db, userId: string) {
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await trx
    .insertInto('auth_sessions')
    .values({ user_id: userId, token_hash: sha256Hex(token), expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}
