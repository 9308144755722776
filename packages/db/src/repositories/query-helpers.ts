import {
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  type SelectType,
  sql,
  type Updateable,
  type UpdateQueryBuilder,
  type UpdateResult,
} from 'kysely';
import type { Database, Db } from '../types';

/**
 * The shapes most repositories' queries start from, written once: the rows of a table picked by the
 * values of some of its columns (a row by id, a business's row in one mode, an owner's row by id),
 * one column of them, and an update of them. Each returns the query for the caller to finish where
 * it can (what to select, `forUpdate()`, `orderBy(…)`, which execute), so a repository keeps its
 * own SQL visible and only the repeated start is shared. Internal to the repositories.
 */

/** A table of the database, by name. */
export type Table = keyof Database & string;

/**
 * Values of some of a table's columns that pick its rows (`{ id }`, `{ merchant_id, mode }`), each
 * compared with `=`. Never undefined or null (`= NULL` matches nothing, so a caller's missing value
 * would pass unnoticed as "no such row"), and never empty (that would pick every row): both throw.
 */
export type RowKey<T extends Table> = {
  [C in keyof Database[T] & string]?: NonNullable<SelectType<Database[T][C]>>;
};

/** A column of a table as read. */
type Column<T extends Table> = keyof Selectable<Database[T]> & string;

// Kysely types a query from the table named in the call and cannot follow a table named by a type
// parameter, so the helpers build on this untyped view of the same database and give their callers
// the precise types of the table they name.
type UntypedDb = Kysely<Record<string, Record<string, unknown>>>;

// biome-ignore lint/complexity/noBannedTypes: kysely's own type for a query that selects nothing yet.
type NothingSelected = {};

/** The key's columns and values, refusing an empty key or a missing value (RowKey). */
function keyEntries(table: string, key: object): [string, unknown][] {
  const entries = Object.entries(key as Record<string, unknown>);
  if (entries.length === 0) throw new Error(`No key for ${table}`);
  for (const [column, value] of entries) {
    if (value === undefined || value === null) throw new Error(`No value for ${table}.${column}`);
  }
  return entries;
}

function untypedWhereKey(db: Db, table: string, key: object) {
  let query = (db as unknown as UntypedDb).selectFrom(table);
  for (const [column, value] of keyEntries(table, key)) query = query.where(column, '=', value);
  return query;
}

/** The rows of `table` whose columns equal `key`, to finish with `selectAll()` or `select(…)`. */
export function whereKey<T extends Table>(
  db: Db,
  table: T,
  key: RowKey<T>,
): SelectQueryBuilder<Database, T, NothingSelected> {
  return untypedWhereKey(db, table, key) as unknown as SelectQueryBuilder<Database, T, NothingSelected>;
}

/** One column of the row of `table` with this key; undefined when there is no such row. */
export async function valueByKey<T extends Table, C extends Column<T>>(
  db: Db,
  table: T,
  column: C,
  key: RowKey<T>,
): Promise<Selectable<Database[T]>[C] | undefined> {
  const row = await untypedWhereKey(db, table, key)
    .select(column as string)
    .executeTakeFirst();
  return row?.[column] as Selectable<Database[T]>[C] | undefined;
}

/** One column of every row of `table` with this key, in no particular order. */
export async function valuesByKey<T extends Table, C extends Column<T>>(
  db: Db,
  table: T,
  column: C,
  key: RowKey<T>,
): Promise<Selectable<Database[T]>[C][]> {
  const rows = await untypedWhereKey(db, table, key)
    .select(column as string)
    .execute();
  return rows.map((row) => row[column] as Selectable<Database[T]>[C]);
}

/** An update of `values` on the rows of `table` with this key, to finish with more conditions, `returning(…)` and an execute. */
export function updateByKey<T extends Table>(
  db: Db,
  table: T,
  key: RowKey<T>,
  values: Updateable<Database[T]>,
): UpdateQueryBuilder<Database, T, T, UpdateResult> {
  let query = (db as unknown as UntypedDb).updateTable(table as string).set(values as Record<string, unknown>);
  for (const [column, value] of keyEntries(table, key)) query = query.where(column, '=', value);
  return query as unknown as UpdateQueryBuilder<Database, T, T, UpdateResult>;
}

/** An Idempotency-Key of a create route: keys are per business and mode. */
export type IdempotencyKeyScope = { merchantId: string; mode: 'test' | 'live'; key: string };

/** The tables that remember a create route's Idempotency-Keys, one row per business, mode and key. */
type IdempotencyKeyTable = 'checkout_idempotency_keys' | 'split_idempotency_keys';

/** The key's columns (its table's primary key). */
export function idempotencyKeyColumns(scope: IdempotencyKeyScope) {
  return { merchant_id: scope.merchantId, mode: scope.mode, idempotency_key: scope.key };
}

/** Forgets a use of the key made `rememberedHours` or more ago: the key is free again for a new request. */
export async function forgetStaleIdempotencyKey(
  db: Db,
  table: IdempotencyKeyTable,
  scope: IdempotencyKeyScope,
  rememberedHours: number,
): Promise<void> {
  await db
    .deleteFrom(table)
    .where((eb) => eb.and(idempotencyKeyColumns(scope)))
    .where('created_at', '<=', sql<Date>`now() - make_interval(hours => ${rememberedHours})`)
    .execute();
}
