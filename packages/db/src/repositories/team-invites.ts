import { sql } from 'kysely';
import type { Db } from '../types';
import { type RowKey, whereKey } from './query-helpers';

type InvitedRole = 'admin' | 'finance' | 'member';

/**
 * Every query of `team_invites` (written only by the merchants service's team routes and the
 * invitee's accept). The callers lock the team first (`lockTeam`) and pass their transaction.
 */
export class TeamInvitesRepository {
  constructor(private readonly db: Db) {}

  /** The business's pending invitations, oldest first. */
  async pendingOf(merchantId: string) {
    return this.pending({ merchant_id: merchantId })
      .select(['id', 'email', 'role', 'expires_at'])
      .orderBy('created_at')
      .execute();
  }

  /** The pending invitation of the business to this address (any case), lapsed or not. */
  async findPendingForEmail(merchantId: string, email: string) {
    return this.pending({ merchant_id: merchantId })
      .select(['id', 'expires_at'])
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  /** The business's pending invitation by id, locked FOR UPDATE. */
  async lockPending(merchantId: string, inviteId: string) {
    return this.pending({ id: inviteId, merchant_id: merchantId })
      .select(['id', 'email', 'role', 'token_hash', 'expires_at'])
      .forUpdate()
      .executeTakeFirst();
  }

  /** A pending, unexpired invitation by its token's hash (the invitee's preview). */
  async findOpenByTokenHash(tokenHash: string) {
    return this.pending({ token_hash: tokenHash })
      .select(['merchant_id', 'role', 'email', 'expires_at'])
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
  }

  /** An invitation in any state by its token's hash, locked FOR UPDATE (the accept). */
  async lockByTokenHash(tokenHash: string) {
    return whereKey(this.db, 'team_invites', { token_hash: tokenHash }).selectAll().forUpdate().executeTakeFirst();
  }

  /** A new pending invitation. */
  async create(invite: {
    merchantId: string;
    email: string;
    role: InvitedRole;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  }) {
    return this.db
      .insertInto('team_invites')
      .values({
        merchant_id: invite.merchantId,
        email: invite.email,
        role: invite.role,
        token_hash: invite.tokenHash,
        invited_by: invite.invitedBy,
        expires_at: invite.expiresAt,
      })
      .returning(['id', 'email', 'role', 'expires_at'])
      .executeTakeFirstOrThrow();
  }

  /** Marks a lapsed invitation expired. */
  async markExpired(id: string): Promise<void> {
    await this.db
      .updateTable('team_invites')
      .set({ status: 'expired', updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Revokes the invitation; with `onlyIfPending`, only while it is still pending. */
  async revoke(id: string, revokedAt: Date, onlyIfPending = false): Promise<void> {
    let query = this.db
      .updateTable('team_invites')
      .set({ status: 'revoked', revoked_at: revokedAt, updated_at: revokedAt })
      .where('id', '=', id);
    if (onlyIfPending) query = query.where('status', '=', 'pending');
    await query.execute();
  }

  /** Gives the invitation a new link. */
  async renew(id: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db
      .updateTable('team_invites')
      .set({ token_hash: tokenHash, expires_at: expiresAt, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Puts the previous link back while the invitation still has `currentTokenHash`; whether it did. */
  async restoreLink(
    id: string,
    currentTokenHash: string,
    previous: { tokenHash: string; expiresAt: Date },
  ): Promise<boolean> {
    const restored = await this.db
      .updateTable('team_invites')
      .set({ token_hash: previous.tokenHash, expires_at: previous.expiresAt, updated_at: new Date() })
      .where('id', '=', id)
      .where('token_hash', '=', currentTokenHash)
      .executeTakeFirst();
    return restored.numUpdatedRows !== 0n;
  }

  /** Marks the invitation accepted by the user. */
  async markAccepted(id: string, userId: string, acceptedAt: Date): Promise<void> {
    await this.db
      .updateTable('team_invites')
      .set({ status: 'accepted', accepted_by: userId, accepted_at: acceptedAt, updated_at: acceptedAt })
      .where('id', '=', id)
      .execute();
  }

  /** The pending invitations with this key (of a business, by id, by link): where every read of open ones starts. */
  private pending(key: RowKey<'team_invites'>) {
    return whereKey(this.db, 'team_invites', { ...key, status: 'pending' });
  }
}
