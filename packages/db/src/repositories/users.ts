import { sql } from 'kysely';
import type { Db } from '../types';

/**
 * Every query of `users` outside the joins of other repositories (written by the merchants service's
 * sign-in and processor reconciliation, and the support CLI's verify-owner).
 */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  /** The account for an address (already lower case), created on first sign-in. */
  async findOrCreate(email: string): Promise<{ id: string; email: string }> {
    // The unique index is on lower(email), which kysely's onConflict cannot name.
    await sql`INSERT INTO users (email) VALUES (${email}) ON CONFLICT ((lower(email))) DO NOTHING`.execute(this.db);
    return this.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where(sql<string>`lower(email)`, '=', email)
      .executeTakeFirstOrThrow();
  }

  /** A user's id and e-mail; throws when there is none. */
  async get(id: string): Promise<{ id: string; email: string }> {
    return this.db.selectFrom('users').select(['id', 'email']).where('id', '=', id).executeTakeFirstOrThrow();
  }

  /** A user's name, or null (no name given, or no such user). */
  async nameOf(id: string): Promise<string | null> {
    return (await this.db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirst())?.name ?? null;
  }

  /** Marks the users identity-verified. */
  async markIdentityVerified(ids: readonly string[]): Promise<void> {
    await this.db.updateTable('users').set({ identity_verified: true }).where('id', 'in', ids).execute();
  }
}

/** Every query of `auth_sessions` (dashboard access tokens; written by the merchants service, read by the gateway). */
export class AuthSessionsRepository {
  constructor(private readonly db: Db) {}

  /** Stores a new access token's hash. */
  async create(session: { userId: string; tokenHash: string; expiresAt: Date; familyId: string | null }) {
    await this.db
      .insertInto('auth_sessions')
      .values({
        user_id: session.userId,
        token_hash: session.tokenHash,
        expires_at: session.expiresAt,
        family_id: session.familyId,
      })
      .execute();
  }

  /** The unrevoked, unexpired session with this token hash, with its user. */
  async findActive(tokenHash: string) {
    return this.db
      .selectFrom('auth_sessions')
      .innerJoin('users', 'users.id', 'auth_sessions.user_id')
      .select(['auth_sessions.id as sessionId', 'users.id as userId', 'users.email as email'])
      .where('auth_sessions.token_hash', '=', tokenHash)
      .where('auth_sessions.revoked_at', 'is', null)
      .where('auth_sessions.expires_at', '>', new Date())
      .executeTakeFirst();
  }
}

/** Every query of `consents` (the terms and privacy versions each user accepted; written by the merchants service). */
export class ConsentsRepository {
  constructor(private readonly db: Db) {}

  /** Whether the user accepted exactly these versions. */
  async hasAccepted(userId: string, versions: { terms: string; privacy: string }): Promise<boolean> {
    const row = await this.db
      .selectFrom('consents')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('terms_version', '=', versions.terms)
      .where('privacy_version', '=', versions.privacy)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** Records the user's acceptance of these versions; accepting again changes nothing. */
  async accept(userId: string, versions: { terms: string; privacy: string }): Promise<void> {
    await this.db
      .insertInto('consents')
      .values({ user_id: userId, terms_version: versions.terms, privacy_version: versions.privacy })
      .onConflict((oc) => oc.columns(['user_id', 'terms_version', 'privacy_version']).doNothing())
      .execute();
  }
}
