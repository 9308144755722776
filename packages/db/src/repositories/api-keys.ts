import { CompiledQuery } from 'kysely';
import { preparedStatement } from '../prepared-statements';
import type { Db } from '../types';
import { whereKey } from './query-helpers';

type Mode = 'test' | 'live';

/** The key row the gateway authenticates with. */
export type ApiKeyLookupRow = { id: string; merchant_id: string; mode: Mode; last_used_at: Date | null };

/** A lookup's row with the count it made in a rate-limit bucket (null when it counted nothing). */
export type ApiKeyLookupResult = ApiKeyLookupRow & { counted_points: number | null; counted_expire: number | null };

/** A `rate_limits` bucket the lookup counts in its own statement (rate-limiter-flexible's Postgres store). */
export type ApiKeyLookupCount = { keyPrefix: string; durationMs: number };

const LOOKUP = `SELECT id, merchant_id, mode, last_used_at FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL`;

// The counter is written only for a key that authenticates (unrevoked, and the mode its shape
// says), so refused calls use up no budget. Same arithmetic as RateLimiterPostgres's upsert: a
// window that has ended restarts at 1 with a new expiry, otherwise the count goes up by one.
const LOOKUP_AND_COUNT = `
WITH key AS (${LOOKUP}),
counted AS (
  INSERT INTO rate_limits (key, points, expire)
  SELECT $3 || key.id::text, 1, $4::bigint FROM key WHERE key.mode = $2
  ON CONFLICT (key) DO UPDATE SET
    points = CASE WHEN rate_limits.expire <= $5::bigint THEN 1 ELSE rate_limits.points + 1 END,
    expire = CASE WHEN rate_limits.expire <= $5::bigint THEN $4::bigint ELSE rate_limits.expire END
  RETURNING points, expire
)
SELECT key.id, key.merchant_id, key.mode, key.last_used_at,
  counted.points AS counted_points, counted.expire AS counted_expire
FROM key LEFT JOIN counted ON true`;

// Prepared statements (packages/db/src/prepared-statements.ts): Postgres parses and plans each once
// per connection, not once per request.
const PREPARED_LOOKUP = preparedStatement('gateway_api_key_lookup', LOOKUP);
const PREPARED_LOOKUP_AND_COUNT = preparedStatement('gateway_api_key_lookup_and_count', LOOKUP_AND_COUNT);

/**
 * Every query of `api_keys` (written by the merchants service's key routes and the support CLI's
 * legacy import; read and touched by the gateway), and the gateway's count in `rate_limits` made
 * in the key lookup's statement. Only hashes are stored.
 */
export class ApiKeysRepository {
  constructor(private readonly db: Db) {}

  /**
   * The unrevoked key with this hash, in one prepared statement; with `count`, the same statement
   * counts the request in that bucket when the key's stored mode is `mode`.
   */
  async lookUp(keyHash: string, mode: Mode, count?: ApiKeyLookupCount): Promise<ApiKeyLookupResult | undefined> {
    const now = Date.now();
    const query = count
      ? CompiledQuery.raw(PREPARED_LOOKUP_AND_COUNT, [keyHash, mode, count.keyPrefix, now + count.durationMs, now])
      : CompiledQuery.raw(PREPARED_LOOKUP, [keyHash]);
    return (await this.db.executeQuery<ApiKeyLookupResult>(query)).rows[0];
  }

  /** Stamps the key used now unless it was stamped after `staleBefore` (concurrent requests write once). */
  async touchLastUsed(id: string, staleBefore: Date): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: new Date() })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
      .execute();
  }

  /** A new key's row (its hash and last four only). */
  async create(key: {
    merchantId: string;
    name: string;
    mode: Mode;
    keyHash: string;
    lastFour: string;
    createdBy: string | null;
    createdAt?: Date;
  }) {
    return this.db
      .insertInto('api_keys')
      .values({
        merchant_id: key.merchantId,
        name: key.name,
        mode: key.mode,
        key_hash: key.keyHash,
        last_four: key.lastFour,
        created_by: key.createdBy,
        ...(key.createdAt ? { created_at: key.createdAt } : {}),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The key with this hash, revoked or not. */
  async findByHash(keyHash: string) {
    return whereKey(this.db, 'api_keys', { key_hash: keyHash }).select(['id', 'merchant_id']).executeTakeFirst();
  }

  /** Every key of the business, both modes, newest first (revoked keys too). */
  async listOf(merchantId: string) {
    return whereKey(this.db, 'api_keys', { merchant_id: merchantId })
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  /** One key of the business. */
  async find(merchantId: string, id: string) {
    return whereKey(this.db, 'api_keys', { id, merchant_id: merchantId }).selectAll().executeTakeFirst();
  }

  /** Revokes the business's key if it is not revoked yet; the revoked row, or undefined. */
  async revoke(merchantId: string, id: string) {
    return this.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('id', '=', id)
      .where('merchant_id', '=', merchantId)
      .where('revoked_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }
}
