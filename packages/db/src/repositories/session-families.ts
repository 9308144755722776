import { randomToken, sha256Hex } from '@groupsplit/core';
import type { SessionEndReason } from '../schema/identity';
import type { Db } from '../types';
import { valueByKey, whereKey } from './query-helpers';

export type { SessionEndReason } from '../schema/identity';

/** A family as the Security page and the refresh route see it. */
export type SessionFamily = {
  id: string;
  user_id: string;
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
  user_agent: string;
  client_ip: string;
  revoked_at: Date | null;
  revoked_reason: SessionEndReason | null;
};

/** A presented refresh credential, with its family (locked for the rest of the transaction). */
export type PresentedRefresh = { rotatedAt: Date | null; family: SessionFamily };

/**
 * Session families and their rotating refresh credentials (migration 20261127110000_session_families.sql),
 * written by the merchants service only. A credential exists in plaintext only in the answer that
 * sets it as a cookie: the table holds its SHA-256.
 */
export class SessionFamiliesRepository {
  constructor(private readonly db: Db) {}

  /** A new family for a sign-in, with its first refresh credential. */
  async start(input: { userId: string; userAgent: string; clientIp: string; absoluteMs: number }) {
    const family = await this.db
      .insertInto('session_families')
      .values({
        user_id: input.userId,
        user_agent: input.userAgent,
        client_ip: input.clientIp,
        expires_at: new Date(Date.now() + input.absoluteMs),
      })
      .returning(['id', 'expires_at'])
      .executeTakeFirstOrThrow();
    const refreshToken = await this.issueToken(family.id);
    return { familyId: family.id, expiresAt: family.expires_at, refreshToken };
  }

  /** Whether this login signed in before, and whether ever from this user agent (the new-device e-mail). */
  async deviceHistory(userId: string, userAgent: string, exceptFamilyId: string) {
    const rows = await whereKey(this.db, 'session_families', { user_id: userId })
      .select('user_agent')
      .where('id', '!=', exceptFamilyId)
      .execute();
    return { signedInBefore: rows.length > 0, knownDevice: rows.some((row) => row.user_agent === userAgent) };
  }

  /** The credential with this hash and its family, the family row locked so concurrent refreshes queue. */
  async presented(tokenHash: string): Promise<PresentedRefresh | undefined> {
    const token = await this.db
      .selectFrom('refresh_tokens')
      .select(['family_id', 'rotated_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!token) return undefined;
    const family = await whereKey(this.db, 'session_families', { id: token.family_id })
      .selectAll()
      .forUpdate()
      .executeTakeFirstOrThrow();
    // Read again under the lock: a concurrent refresh may have rotated it meanwhile.
    const current = await this.db
      .selectFrom('refresh_tokens')
      .select('rotated_at')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirstOrThrow();
    return { rotatedAt: current.rotated_at, family: family as SessionFamily };
  }

  /** Retires the presented credential and issues its successor; the family was used now, from this address. */
  async rotate(familyId: string, tokenHash: string, clientIp: string): Promise<string> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: new Date() })
      .where('token_hash', '=', tokenHash)
      .execute();
    await this.db
      .updateTable('session_families')
      .set({ last_used_at: new Date(), client_ip: clientIp })
      .where('id', '=', familyId)
      .execute();
    return this.issueToken(familyId);
  }

  /** Ends a family and every access token it made. False when it had already ended. */
  async revoke(familyId: string, reason: SessionEndReason): Promise<boolean> {
    const now = new Date();
    const ended = await this.db
      .updateTable('session_families')
      .set({ revoked_at: now, revoked_reason: reason })
      .where('id', '=', familyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    await this.endAccessTokens('family_id', familyId, now);
    return Number(ended.numUpdatedRows) > 0;
  }

  /** Ends the access tokens still live for one token id, one login (`user_id`) or one family. */
  async endAccessTokens(by: 'id' | 'user_id' | 'family_id', value: string, now = new Date()): Promise<void> {
    await this.db
      .updateTable('auth_sessions')
      .set({ revoked_at: now })
      .where(by, '=', value)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** The family of one user, if it is theirs. */
  async ofUser(userId: string, familyId: string) {
    return whereKey(this.db, 'session_families', { user_id: userId, id: familyId })
      .selectAll()
      .executeTakeFirst() as Promise<SessionFamily | undefined>;
  }

  /** A user's families still alive (not revoked, inside both timeouts), most recently used first. */
  async active(userId: string, idleMs: number): Promise<SessionFamily[]> {
    const rows = await this.db
      .selectFrom('session_families')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .where('last_used_at', '>', new Date(Date.now() - idleMs))
      .orderBy('last_used_at', 'desc')
      .execute();
    return rows as SessionFamily[];
  }

  /** The family an access token belongs to, if any. */
  async familyOfAccessToken(sessionId: string): Promise<string | null> {
    return (await valueByKey(this.db, 'auth_sessions', 'family_id', { id: sessionId })) ?? null;
  }

  private async issueToken(familyId: string): Promise<string> {
    const token = randomToken(32);
    await this.db
      .insertInto('refresh_tokens')
      .values({ token_hash: sha256Hex(token), family_id: familyId })
      .execute();
    return token;
  }
}
