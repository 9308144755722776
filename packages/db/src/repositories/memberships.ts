import type { Role } from '@groupsplit/core';
import { sql } from 'kysely';
import type { Db } from '../types';
import { whereKey } from './query-helpers';

/** One login joining one business in a role (registration as Owner, or an accepted invitation). */
export type NewMembership = { merchantId: string; userId: string; role: Role };

/**
 * Typed queries over `memberships` (who belongs to which business, in which role). The table
 * is written by the merchants service; everyone reads it through here rather than inline.
 * Pass a transaction as `db` to read inside it.
 */
export class MembershipsRepository {
  constructor(private readonly db: Db) {}

  /** The caller's role in a business, or null when they are not in it. */
  async roleOf(merchantId: string, userId: string): Promise<Role | null> {
    return (await this.findByUser(merchantId, userId))?.role ?? null;
  }

  /** The membership of a user in a business (id and role), or undefined. */
  findByUser(merchantId: string, userId: string) {
    return whereKey(this.db, 'memberships', { merchant_id: merchantId, user_id: userId })
      .select(['id', 'user_id', 'role'])
      .executeTakeFirst();
  }

  /** A member of this business by membership id; `forUpdate` locks the row in a transaction. */
  findMember(merchantId: string, membershipId: string, options: { forUpdate?: boolean } = {}) {
    let query = this.withLogins()
      .select(['memberships.id', 'memberships.user_id', 'memberships.role', 'users.identity_verified'])
      .where('memberships.id', '=', membershipId)
      .where('memberships.merchant_id', '=', merchantId);
    if (options.forUpdate) query = query.forUpdate('memberships');
    return query.executeTakeFirst();
  }

  /** A member of this business by login e-mail (case-insensitive). */
  findByEmail(merchantId: string, email: string) {
    return this.withLogins()
      .select(['memberships.id', 'memberships.user_id', 'memberships.role'])
      .where('memberships.merchant_id', '=', merchantId)
      .where(sql<string>`lower(users.email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  /** The Owner's login (the only notification address: docs/spec.md, Notifications by e-mail), with the business name. */
  findOwner(merchantId: string) {
    return this.withLogins()
      .innerJoin('merchants', 'merchants.id', 'memberships.merchant_id')
      .select(['memberships.id', 'memberships.user_id', 'users.email', 'merchants.name as business_name'])
      .where('memberships.merchant_id', '=', merchantId)
      .where('memberships.role', '=', 'owner')
      .executeTakeFirst();
  }

  /** Every business a login belongs to, oldest membership first. */
  workspacesOf(userId: string) {
    return this.db
      .selectFrom('memberships')
      .innerJoin('merchants', 'merchants.id', 'memberships.merchant_id')
      .select(['merchants.id as merchant_id', 'merchants.name', 'memberships.role'])
      .where('memberships.user_id', '=', userId)
      .orderBy('memberships.joined_at')
      .orderBy('merchants.id')
      .execute();
  }

  /** Whether a login belongs to any business at all. */
  async hasAny(userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('memberships').select('id').where('user_id', '=', userId).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The businesses a login may act for, with its membership in each: every one, or only
   * `merchantId` when the caller picked one. At most `limit` rows (two tell "one" from "several").
   */
  merchantsOf(userId: string, options: { merchantId?: string; limit: number }) {
    let query = this.db
      .selectFrom('memberships')
      .innerJoin('merchants', 'merchants.id', 'memberships.merchant_id')
      .selectAll('merchants')
      .select(['memberships.id as membership_id', 'memberships.role as membership_role'])
      .where('memberships.user_id', '=', userId);
    if (options.merchantId) query = query.where('memberships.merchant_id', '=', options.merchantId);
    return query.limit(options.limit).execute();
  }

  /** Everyone in a business with their login, first joined first. */
  teamOf(merchantId: string) {
    return this.withLogins()
      .select([
        'memberships.id',
        'memberships.user_id',
        'memberships.role',
        'users.email',
        'users.name',
        'memberships.joined_at',
        'users.identity_verified',
      ])
      .where('memberships.merchant_id', '=', merchantId)
      .orderBy('memberships.joined_at')
      .execute();
  }

  /** The owner's user id; throws when the business has no owner. */
  async ownerUserId(merchantId: string): Promise<string> {
    const owner = await this.db
      .selectFrom('memberships')
      .select('user_id')
      .where('merchant_id', '=', merchantId)
      .where('role', '=', 'owner')
      .executeTakeFirstOrThrow();
    return owner.user_id;
  }

  /** The logins that own any of these businesses. */
  async ownerUserIds(merchantIds: readonly string[]): Promise<string[]> {
    if (merchantIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('memberships')
      .select('user_id')
      .where('role', '=', 'owner')
      .where('merchant_id', 'in', merchantIds)
      .execute();
    return rows.map((row) => row.user_id);
  }

  // Writes: only the merchants service calls these (it owns the table).

  add({ merchantId, userId, role }: NewMembership) {
    return this.db
      .insertInto('memberships')
      .values({ merchant_id: merchantId, user_id: userId, role })
      .returning(['id', 'role', 'joined_at'])
      .executeTakeFirstOrThrow();
  }

  async setRole(membershipId: string, role: Role): Promise<void> {
    await this.db.updateTable('memberships').set({ role }).where('id', '=', membershipId).execute();
  }

  async remove(membershipId: string): Promise<void> {
    await this.db.deleteFrom('memberships').where('id', '=', membershipId).execute();
  }

  /** The memberships with their logins: where every read of a member's login starts. */
  private withLogins() {
    return this.db.selectFrom('memberships').innerJoin('users', 'users.id', 'memberships.user_id');
  }
}
