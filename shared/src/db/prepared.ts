import { CompiledQuery, type Kysely } from 'kysely';
import type { Pool } from 'pg';

/** The pg pool under each Kysely made by createDb, for statements that run as named prepared statements. */
const pools = new WeakMap<object, Pool>();

export function registerPool(db: object, pool: Pool): void {
  pools.set(db, pool);
}

/** A hot statement of fixed text: parsed and planned once per connection instead of on every call. */
export type PreparedStatement = { name: string; text: string };

/**
 * Runs `statement` as a named prepared statement on the pool's connection (Postgres then skips the
 * parse and, once it settles on a generic plan, the planning of every later call: measured 1.9× the
 * rate for checkout's one-statement session insert, bench/README.md figure 3). A Kysely that is not
 * createDb's (a transaction, for one) runs the same text unnamed.
 */
export async function executePrepared<Row>(
  db: Kysely<unknown> | object,
  statement: PreparedStatement,
  values: readonly unknown[],
): Promise<Row[]> {
  const pool = pools.get(db);
  if (pool)
    return (await pool.query({ name: statement.name, text: statement.text, values: [...values] })).rows as Row[];
  const result = await (db as Kysely<unknown>).executeQuery<Row>(CompiledQuery.raw(statement.text, [...values]));
  return result.rows;
}
