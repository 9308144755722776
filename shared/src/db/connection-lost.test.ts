import { CompiledQuery, sql } from 'kysely';
import { createDb, type Db } from '.';

/**
 * The pool's client runs a statement once more on a new connection when the server ends its
 * connection under it (a terminated backend), outside a transaction only.
 */
describe('a connection the server ends mid-statement', () => {
  let db: Db;
  let admin: Db;
  beforeAll(() => {
    db = createDb(process.env.DATABASE_URL!, 1);
    admin = createDb(process.env.DATABASE_URL!, 1);
  });
  afterAll(async () => {
    await db.destroy();
    await admin.destroy();
  });

  /** Terminates the backend running the statement tagged `marker`, once it is seen running. */
  async function terminateWhenRunning(marker: string) {
    for (;;) {
      const { rows } = await sql<{ terminated: boolean }>`
        SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
        WHERE query LIKE ${`%${marker}%`} AND query NOT LIKE '%pg_stat_activity%' AND state = 'active'`.execute(admin);
      if (rows.some((row) => row.terminated)) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('runs a statement outside a transaction again on a new connection, and answers', async () => {
    const marker = `chaos_retry_${Date.now()}`;
    const running = db.executeQuery<{ pid: number }>(
      CompiledQuery.raw(`SELECT pg_backend_pid() AS pid, pg_sleep(0.3), '${marker}' AS marker`, []),
    );
    await terminateWhenRunning(marker);
    const { rows } = await running;
    expect(rows).toHaveLength(1);
  });

  it('leaves a transaction to fail: its earlier statements are gone with the connection', async () => {
    const marker = `chaos_tx_${Date.now()}`;
    const transaction = db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      await sql.raw(`SELECT pg_sleep(0.3), '${marker}' AS marker`).execute(trx);
    });
    await terminateWhenRunning(marker);
    await expect(transaction).rejects.toThrow(/terminat/i);
    // The pool carries on with a new connection.
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
