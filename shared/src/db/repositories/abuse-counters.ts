import { sql } from 'kysely';
import type { Db } from '../index';

export type AbuseCounterTableName = 'pay_attempt_counters' | 'sign_in_failure_counters';

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
