import { CompiledQuery, sql } from 'kysely';
import { createDb, type Db, lostBeforeCommit } from '.';
import { preparedStatement } from './prepared-statements';
import { type ResetRules, startResetProxy, terminateWhenRunning } from './test-support/reset-proxy';

const ADD_ONE = preparedStatement('test_prepared_add_one', 'SELECT $1::int + 1 AS n');

describe('prepared statements', () => {
  let db: Db;
  beforeAll(() => {
    // One connection, so the statements below all see the same session's prepared statements.
    db = createDb(process.env.DATABASE_URL!, 1);
  });
  afterAll(() => db.destroy());

  const preparedNames = async () =>
    (
      await db.executeQuery<{ name: string }>(CompiledQuery.raw('SELECT name FROM pg_prepared_statements', []))
    ).rows.map((row) => row.name);

  it('sends a registered text as a named statement, prepared once per connection, with the same answers', async () => {
    for (const value of [1, 41]) {
      const { rows } = await db.executeQuery<{ n: number }>(CompiledQuery.raw(ADD_ONE, [value]));
      expect(rows).toEqual([{ n: value + 1 }]);
    }
    expect((await preparedNames()).filter((name) => name === 'test_prepared_add_one')).toHaveLength(1);
  });

  it('sends every other text unnamed', async () => {
    const before = await preparedNames();
    const { rows } = await db.executeQuery<{ n: number }>(CompiledQuery.raw('SELECT $1::int + 2 AS n', [1]));
    expect(rows).toEqual([{ n: 3 }]);
    expect(await preparedNames()).toEqual(before);
  });

  it('refuses a second text under a name already taken', () => {
    expect(() => preparedStatement('test_prepared_add_one', 'SELECT 2')).toThrow('is taken');
  });
});

/**
 * A socket reset (ECONNRESET, EPIPE) inside a transaction whose COMMIT was not sent saved nothing, like
 * a terminated backend: the error is marked so, and a service answers it 503 (try again). Outside a
 * transaction a reset may come after the server saved a write, so a write is neither run again nor
 * marked; a read saves nothing, so it is run again, and marked if that fails too. A COMMIT that met one is settled by asking the server whether the transaction committed
 * (docs/runbook.md, "Postgres connections lost").
 */
describe('a connection reset under a statement', () => {
  let admin: Db;
  let table: string;
  let proxy: Awaited<ReturnType<typeof startResetProxy>> | undefined;
  let proxied: Db | undefined;
  beforeAll(() => {
    admin = createDb(process.env.DATABASE_URL!, 1);
  });
  afterAll(() => admin.destroy());
  beforeEach(async () => {
    table = `reset_probe_${Date.now()}`;
    await sql.raw(`CREATE TABLE ${table} (id int)`).execute(admin);
  });
  afterEach(async () => {
    await proxied?.destroy();
    await proxy?.close();
    proxied = undefined;
    proxy = undefined;
    await sql.raw(`DROP TABLE ${table}`).execute(admin);
  });

  const through = async (rules: ResetRules) => {
    proxy = await startResetProxy(process.env.DATABASE_URL!, rules);
    proxied = createDb(proxy.url, 1);
    return proxied;
  };
  const rowsWritten = async () =>
    (await sql.raw<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`).execute(admin)).rows[0]?.count;
  const failureOf = (work: Promise<unknown>) =>
    work.then(
      () => {
        throw new Error('expected the work to fail');
      },
      (error: unknown) => error as { code?: string; message?: string },
    );

  it('marks a transaction whose backend was terminated, and whose ROLLBACK then met a reset, as having saved nothing', async () => {
    const db = await through({ serverClose: true });
    const marker = `reset_tx_${Date.now()}`;
    const transaction = db.transaction().execute(async (trx) => {
      await sql.raw(`INSERT INTO ${table} VALUES (1)`).execute(trx);
      await sql.raw(`SELECT pg_sleep(5), '${marker}' AS marker`).execute(trx);
    });
    await terminateWhenRunning(admin, marker);
    const failure = await failureOf(transaction);
    // The statement failed with 57P01; kysely's ROLLBACK, queued behind it, met the reset, and its
    // error replaced the first (what the chaos run saw).
    expect(failure).toMatchObject({ code: 'ECONNRESET' });
    expect(lostBeforeCommit(failure)).toBe(true);
    expect(await rowsWritten()).toBe(0);
  });

  it('asks the server after a COMMIT that never arrived: aborted, so marked as having saved nothing', async () => {
    const db = await through({ clientSends: 'commit' });
    const failure = await failureOf(
      db.transaction().execute(async (trx) => {
        await sql.raw(`INSERT INTO ${table} VALUES (1)`).execute(trx);
      }),
    );
    expect(lostBeforeCommit(failure)).toBe(true);
    expect(await rowsWritten()).toBe(0);
  });

  it('asks the server after a COMMIT whose answer was lost: committed, so the transaction succeeds', async () => {
    const db = await through({ answerTo: 'commit' });
    const result = await db.transaction().execute(async (trx) => {
      await sql.raw(`INSERT INTO ${table} VALUES (1)`).execute(trx);
      return 'done';
    });
    expect(result).toBe('done');
    expect(await rowsWritten()).toBe(1);
  });

  it('lets a transaction that wrote nothing succeed although its COMMIT met a reset', async () => {
    const db = await through({ clientSends: 'commit' });
    const result = await db.transaction().execute(async (trx) => {
      return (await sql.raw<{ one: number }>('SELECT 1 AS one').execute(trx)).rows[0]?.one;
    });
    expect(result).toBe(1);
  });

  it('does not run an autocommit statement again after a reset: the server may have saved it', async () => {
    const db = await through({ answerTo: 'INSERT INTO' });
    const failure = await failureOf(sql.raw(`INSERT INTO ${table} VALUES (1)`).execute(db));
    expect(failure).toMatchObject({ code: 'ECONNRESET' });
    expect(lostBeforeCommit(failure)).toBe(false);
    // Saved once, before the reset; a second run would have saved it twice.
    expect(await rowsWritten()).toBe(1);
  });

  it('runs a read again after a reset: it saved nothing, and its answer comes from a new connection', async () => {
    const db = await through({ answerTo: 'reset_read_probe', answerToOnce: true });
    const { rows } = await sql.raw<{ probe: string }>(`SELECT 'reset_read_probe' AS probe`).execute(db);
    expect(rows).toEqual([{ probe: 'reset_read_probe' }]);
  });

  it('marks a read reset on every try as having saved nothing (503, send it again)', async () => {
    const db = await through({ answerTo: 'reset_read_probe' });
    const failure = await failureOf(sql.raw(`SELECT 'reset_read_probe' AS probe`).execute(db));
    expect(failure).toMatchObject({ code: 'ECONNRESET' });
    expect(lostBeforeCommit(failure)).toBe(true);
  });

  it('does not run a read that could write again after a reset', async () => {
    const db = await through({ answerTo: 'reset_locking_probe', answerToOnce: true });
    const failure = await failureOf(
      sql.raw(`SELECT id, 'reset_locking_probe' AS probe FROM ${table} FOR UPDATE`).execute(db),
    );
    expect(failure).toMatchObject({ code: 'ECONNRESET' });
    expect(lostBeforeCommit(failure)).toBe(false);
  });
});
