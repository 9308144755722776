import { serviceUnavailable } from '@groupsplit/core';
import { createDb, type Db, lostBeforeCommit } from '@groupsplit/db';
import { terminateWhenRunning } from '@groupsplit/db/test-support';
import Router from '@koa/router';
import { CompiledQuery, sql } from 'kysely';
import { serveQuietly } from './test-support/serve';

/**
 * The pool's client runs a statement once more on a new connection when the server ends its
 * connection under it (a terminated backend), outside a transaction only. Inside one, a loss before
 * COMMIT is marked as having saved nothing, and a service answers it 503 (try again), not 500.
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

  it('runs a statement outside a transaction again on a new connection, and answers', async () => {
    const marker = `chaos_retry_${Date.now()}`;
    const running = db.executeQuery<{ pid: number }>(
      CompiledQuery.raw(`SELECT pg_backend_pid() AS pid, pg_sleep(0.3), '${marker}' AS marker`, []),
    );
    await terminateWhenRunning(admin, marker);
    const { rows } = await running;
    expect(rows).toHaveLength(1);
  });

  it('leaves a transaction to fail: its earlier statements are gone with the connection', async () => {
    const marker = `chaos_tx_${Date.now()}`;
    const transaction = db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      await sql.raw(`SELECT pg_sleep(0.3), '${marker}' AS marker`).execute(trx);
    });
    await terminateWhenRunning(admin, marker);
    const failure = await transaction.then(
      () => null,
      (error: unknown) => error,
    );
    expect(String(failure)).toMatch(/terminat/i);
    // Its COMMIT was never sent: the error says nothing was saved, so the request may be sent again.
    expect(lostBeforeCommit(failure)).toBe(true);
    // The pool carries on with a new connection.
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('does not say "nothing saved" of other failures', () => {
    expect(lostBeforeCommit(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(lostBeforeCommit(serviceUnavailable('x'))).toBe(false);
  });

  it('answers an HTTP request whose transaction was lost before COMMIT with 503 and Retry-After, having saved nothing', async () => {
    const table = `connection_lost_probe_${Date.now()}`;
    await sql.raw(`CREATE TABLE ${table} (id int)`).execute(admin);
    const marker = `chaos_http_${Date.now()}`;
    const router = new Router();
    router.post('/write', async (ctx) => {
      await db.transaction().execute(async (trx) => {
        await sql.raw(`INSERT INTO ${table} VALUES (1)`).execute(trx);
        await sql.raw(`SELECT pg_sleep(0.3), '${marker}' AS marker`).execute(trx);
      });
      ctx.body = { ok: true };
    });
    const { url, close } = await serveQuietly(router);
    try {
      const answer = fetch(`${url}/write`, { method: 'POST' });
      await terminateWhenRunning(admin, marker);
      const res = await answer;
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toEqual({
        error: 'The database connection was lost and nothing was saved. Please try again.',
        code: 'service_unavailable',
      });
      const { rows } = await sql.raw<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`).execute(admin);
      expect(rows).toEqual([{ count: 0 }]);
    } finally {
      await close();
      await sql.raw(`DROP TABLE ${table}`).execute(admin);
    }
  });
});
