import { createDb, type Db } from '@groupsplit/db';
import { startResetProxy, terminateWhenRunning } from '@groupsplit/db/test-support';
import Router from '@koa/router';
import { sql } from 'kysely';
import { serveQuietly } from './test-support/serve';

/**
 * The chaos run's case: a backend terminated mid-transaction, and kysely's ROLLBACK then meeting the
 * socket's reset (read ECONNRESET), whose error replaces the statement's. Its COMMIT was never sent, so
 * the service answers 503 (try again), not 500 (docs/runbook.md, "Postgres connections lost").
 */
describe('a transaction whose connection is reset before COMMIT', () => {
  let admin: Db;
  let proxy: Awaited<ReturnType<typeof startResetProxy>>;
  let db: Db;
  beforeAll(async () => {
    admin = createDb(process.env.DATABASE_URL!, 1);
    // The server's close reaches the pool as a reset: a terminated backend's socket closing with the client's bytes unread.
    proxy = await startResetProxy(process.env.DATABASE_URL!, { serverClose: true });
    db = createDb(proxy.url, 1);
  });
  afterAll(async () => {
    await db.destroy();
    await proxy.close();
    await admin.destroy();
  });

  it('answers 503 service_unavailable with Retry-After, having saved nothing', async () => {
    const table = `connection_reset_probe_${Date.now()}`;
    await sql.raw(`CREATE TABLE ${table} (id int)`).execute(admin);
    const marker = `reset_http_${Date.now()}`;
    let thrown: unknown;
    const router = new Router();
    router.post('/write', async (ctx) => {
      try {
        await db.transaction().execute(async (trx) => {
          await sql.raw(`INSERT INTO ${table} VALUES (1)`).execute(trx);
          await sql.raw(`SELECT pg_sleep(5), '${marker}' AS marker`).execute(trx);
        });
      } catch (error) {
        thrown = error;
        throw error;
      }
      ctx.body = { ok: true };
    });
    const { url, close } = await serveQuietly(router);
    try {
      const answer = fetch(`${url}/write`, { method: 'POST' });
      await terminateWhenRunning(admin, marker);
      const res = await answer;
      // The reset, not the termination, is what reached the handler.
      expect(thrown).toMatchObject({ code: 'ECONNRESET' });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toMatchObject({
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
