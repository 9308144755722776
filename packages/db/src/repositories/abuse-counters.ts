import { sql } from 'kysely';
import type { Db } from '../types';

export type AbuseCounterTableName = 'pay_attempt_counters' | 'sign_in_counters';

export type CounterState = { count: number; windowEndsAt: Date; streak: number; pausedUntil: Date | null };

type Row = { count: number; window_ends_at: Date; streak: number; paused_until: Date | null };

const state = (row: Row): CounterState => ({
  count: row.count,
  windowEndsAt: row.window_ends_at,
  streak: row.streak,
  pausedUntil: row.paused_until,
});

/**
 * Fixed-window counters with a pause, one row per key, in a table of one service
 * (migration 20261127090000_abuse_counters.sql). Each call is one statement, so concurrent
 * requests on a key count exactly (the row lock orders them).
 */
export class AbuseCountersRepository {
  constructor(
    private readonly db: Db,
    private readonly table: AbuseCounterTableName,
  ) {}

  /**
   * Counts one event in the key's window (a new window starts when the last has ended) and, when
   * the count reaches `pause.at`, pauses the key for `pause.forMs` from now.
   */
  async count(key: string, windowMs: number, pause?: { at: number; forMs: number }): Promise<CounterState> {
    const table = sql.table(this.table);
    const expired = sql`${table}.window_ends_at <= now()`;
    const next = sql`CASE WHEN ${expired} THEN 1 ELSE ${table}.count + 1 END`;
    const windowEnds = sql`now() + ${`${windowMs} milliseconds`}::interval`;
    const pauseEnds = sql`now() + ${`${pause?.forMs ?? 0} milliseconds`}::interval`;
    const pauseAt = pause?.at ?? null;
    const { rows } = await sql<Row>`
      INSERT INTO ${table} (key, count, window_ends_at, paused_until)
      VALUES (${key}, 1, ${windowEnds}, CASE WHEN ${pauseAt}::int <= 1 THEN ${pauseEnds} END)
      ON CONFLICT (key) DO UPDATE SET
        count = ${next},
        paused_until = CASE WHEN ${next} >= ${pauseAt}::int THEN ${pauseEnds} ELSE ${table}.paused_until END,
        window_ends_at = CASE WHEN ${expired} THEN ${windowEnds} ELSE ${table}.window_ends_at END
      RETURNING count, window_ends_at, streak, paused_until`.execute(this.db);
    return state(rows[0]!);
  }

  /** One more failure in a row; the `pauseAt`-th pauses the key for `pauseMs` and starts a new streak. */
  async fail(key: string, pauseAt: number, pauseMs: number): Promise<CounterState> {
    const table = sql.table(this.table);
    const pauseEnds = sql`now() + ${`${pauseMs} milliseconds`}::interval`;
    const reached = sql`${table}.streak + 1 >= ${pauseAt}`;
    const { rows } = await sql<Row>`
      INSERT INTO ${table} (key, window_ends_at, streak, paused_until)
      VALUES (${key}, now(), CASE WHEN ${pauseAt} <= 1 THEN 0 ELSE 1 END, CASE WHEN ${pauseAt} <= 1 THEN ${pauseEnds} END)
      ON CONFLICT (key) DO UPDATE SET
        streak = CASE WHEN ${reached} THEN 0 ELSE ${table}.streak + 1 END,
        paused_until = CASE WHEN ${reached} THEN ${pauseEnds} ELSE ${table}.paused_until END
      RETURNING count, window_ends_at, streak, paused_until`.execute(this.db);
    return state(rows[0]!);
  }

  /**
   * Reserves one failure in a row for an attempt whose outcome is not known yet, before the attempt
   * is made (docs/rate-limits.md, "Card testing"): one statement, so concurrent attempts on a key
   * never pass `limit` between them (the row lock orders them). False when the key is paused or
   * `limit` failures are already counted or in flight: the attempt must not be made then. Resolve
   * each reservation with `failReserved`, `succeed` or `releaseStreak`.
   */
  async reserveStreak(key: string, limit: number): Promise<boolean> {
    const table = sql.table(this.table);
    const { rows } = await sql<{ streak: number }>`
      INSERT INTO ${table} (key, window_ends_at, streak) VALUES (${key}, now(), 1)
      ON CONFLICT (key) DO UPDATE SET streak = ${table}.streak + 1
      WHERE ${table}.streak < ${limit}::int AND (${table}.paused_until IS NULL OR ${table}.paused_until <= now())
      RETURNING streak`.execute(this.db);
    return rows.length > 0;
  }

  /**
   * A reserved failure happened: once `limit` of them are counted in a row the key is paused for
   * `pauseMs` and a new streak starts. Exactly one caller sees the pause begin.
   */
  async failReserved(key: string, limit: number, pauseMs: number): Promise<void> {
    const table = sql.table(this.table);
    const pauseEnds = sql`now() + ${`${pauseMs} milliseconds`}::interval`;
    await sql`
      UPDATE ${table} SET paused_until = ${pauseEnds}, streak = 0
      WHERE key = ${key} AND streak >= ${limit}::int`.execute(this.db);
  }

  /** A reserved failure did not happen and the outcome was no success either (a 400, a 404): it is handed back. */
  async releaseStreak(key: string): Promise<void> {
    await this.db
      .updateTable(this.table)
      .set({ streak: sql`GREATEST(streak - 1, 0)` })
      .where('key', '=', key)
      .execute();
  }

  /**
   * Reserves one event in the key's fixed window before it happens (a new window starts when the
   * last has ended): one statement, so concurrent callers never pass `limit` between them. False
   * when the key is paused or the window already holds `limit` events (counted or in flight).
   */
  async reserveInWindow(key: string, windowMs: number, limit: number): Promise<boolean> {
    const table = sql.table(this.table);
    const expired = sql`${table}.window_ends_at <= now()`;
    const windowEnds = sql`now() + ${`${windowMs} milliseconds`}::interval`;
    const { rows } = await sql<{ count: number }>`
      INSERT INTO ${table} (key, count, window_ends_at) VALUES (${key}, 1, ${windowEnds})
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN ${expired} THEN 1 ELSE ${table}.count + 1 END,
        window_ends_at = CASE WHEN ${expired} THEN ${windowEnds} ELSE ${table}.window_ends_at END
      WHERE (${expired} OR ${table}.count < ${limit}::int)
        AND (${table}.paused_until IS NULL OR ${table}.paused_until <= now())
      RETURNING count`.execute(this.db);
    return rows.length > 0;
  }

  /** A reserved event happened: once the window holds `limit` of them the key is paused for `pauseMs`. */
  async reachedInWindow(key: string, limit: number, pauseMs: number): Promise<void> {
    const table = sql.table(this.table);
    await sql`
      UPDATE ${table} SET paused_until = now() + ${`${pauseMs} milliseconds`}::interval
      WHERE key = ${key} AND count >= ${limit}::int AND window_ends_at > now()
        AND (paused_until IS NULL OR paused_until <= now())`.execute(this.db);
  }

  /** A reserved event did not happen: it is handed back to the window it was taken from (if that is still running). */
  async releaseInWindow(key: string): Promise<void> {
    await this.db
      .updateTable(this.table)
      .set({ count: sql`GREATEST(count - 1, 0)` })
      .where('key', '=', key)
      .where('window_ends_at', '>', sql<Date>`now()`)
      .execute();
  }

  /** Pauses the key for `pauseMs` from now, unless it is paused longer already. */
  async pauseFor(key: string, pauseMs: number): Promise<void> {
    const until = sql<Date>`now() + ${`${pauseMs} milliseconds`}::interval`;
    await this.db
      .updateTable(this.table)
      .set({ paused_until: sql`GREATEST(COALESCE(paused_until, now()), ${until})` })
      .where('key', '=', key)
      .execute();
  }

  /** A success ends the key's streak of failures. */
  async succeed(key: string): Promise<void> {
    await this.db.updateTable(this.table).set({ streak: 0 }).where('key', '=', key).execute();
  }

  /**
   * Deletes up to `limit` keys idle for `idleMs` past the end of their window and not paused now,
   * and returns how many. A key's next event starts it afresh, as an ended window would; only a
   * streak of failures older than `idleMs` is forgotten. Rows being counted right now are skipped.
   */
  async sweepIdle(idleMs: number, limit = 100): Promise<number> {
    const table = sql.table(this.table);
    const result = await sql`
      DELETE FROM ${table} WHERE key IN (
        SELECT key FROM ${table}
        WHERE window_ends_at < now() - ${`${idleMs} milliseconds`}::interval
          AND (paused_until IS NULL OR paused_until <= now())
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** When each of the keys' pause ends, for the keys paused now (one statement for them all). */
  async pausedUntil(keys: string[]): Promise<Map<string, Date>> {
    const rows = await this.db
      .selectFrom(this.table)
      .select(['key', 'paused_until'])
      .where('key', 'in', keys)
      .where('paused_until', '>', sql<Date>`now()`)
      .execute();
    return new Map(rows.map((row) => [row.key, row.paused_until!]));
  }
}
