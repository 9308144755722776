import { sql } from 'kysely';
import type { Role } from '../../auth/policy';
import type { Db } from '../index';

/**
 * Typed queries over `memberships` (who belongs to which business, in which role). The table
 * is written by the merchants service; everyone reads it through here rather than inline.
 * Pass a transaction as `db` to read inside it.
 */
export class MembershipsRepository {
  constructor(private readonly db: Db) {}

  /** The caller's role in a business, or null when they are not in it. */
  async roleOf(merchantId: string, userId: string): Promise<Role | null> {
    const row = await this.db
      .selectFrom('memberships')
      .select('role')
      .where('merchant_id', '=', merchantId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.role ?? null;
  }

  /** The membership of a user in a business (id and role), or undefined. */
  findByUser(merchantId: string, userId: string) {
    return this.db
      .selectFrom('memberships')
      .select(['id', 'user_id', 'role'])
      .where('merchant_id', '=', merchantId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** A member of this business by membership id; `forUpdate` locks the row in a transaction. */
  findMember(merchantId: string, membershipId: string, options: { forUpdate?: boolean } = {}) {
    let query = this.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['memberships.id', 'memberships.user_id', 'memberships.role', 'users.identity_verified'])
      .where('memberships.id', '=', membershipId)
      .where('memberships.merchant_id', '=', merchantId);
    if (options.forUpdate) query = query.forUpdate('memberships');
    return query.executeTakeFirst();
  }

  /** A member of this business by login e-mail (case-insensitive). */
  findByEmail(merchantId: string, email: string) {
    return this.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['memberships.id', 'memberships.user_id', 'memberships.role'])
      .where('memberships.merchant_id', '=', merchantId)
      .where(sql<string>`lower(users.email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  }

  /** The Owner's login (the only notification address the spec allows). */
  findOwner(merchantId: string) {
    return this.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['memberships.id', 'memberships.user_id', 'users.email'])
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
}
