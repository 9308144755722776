import net from 'node:net';
import { CompiledQuery, sql } from 'kysely';
import { createDb, type Db, lostBeforeCommit } from '.';
import { preparedStatement } from './prepared-statements';

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
 * A TCP proxy between the pool and Postgres that can end a connection it carries with a reset (RST),
 * as a backend's socket does when it closes with the client's bytes unread, or as a load balancer or
 * a failover does. Each rule names the moment the client's connection is reset instead of carried on.
 */
interface ResetRules {
  /** The server closed its side: the client sees a reset, not a close, once what the server sent has reached it. */
  serverClose?: boolean;
  /** The client sends a chunk containing this text: it is not forwarded, and the client's connection is reset. */
  clientSends?: string;
  /** The client sent a chunk containing this text: it is forwarded, and the server's answer, once the
   *  server reports itself idle again (the statement done and committed), is replaced by a reset. */
  answerTo?: string;
}

async function startResetProxy(databaseUrl: string, rules: ResetRules) {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let written: Promise<void> = Promise.resolve();
    let answerArmed = false;
    const reset = () => {
      upstream.destroy();
      if (!client.destroyed) client.resetAndDestroy();
    };
    client.on('data', (chunk: Buffer) => {
      if (rules.clientSends && chunk.includes(rules.clientSends)) return reset();
      if (rules.answerTo && chunk.includes(rules.answerTo)) answerArmed = true;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      // ReadyForQuery, idle: 'Z', length 5, 'I'.
      if (answerArmed && chunk.subarray(-6).equals(Buffer.from([0x5a, 0, 0, 0, 5, 0x49]))) return reset();
      written = new Promise((resolve) => client.write(chunk, () => resolve()));
    });
    const serverClosed = () => {
      if (!rules.serverClose) return client.destroy();
      void written.then(reset);
    };
    upstream.on('end', serverClosed);
    upstream.on('error', serverClosed);
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A socket reset (ECONNRESET, EPIPE) inside a transaction whose COMMIT was not sent saved nothing, like
 * a terminated backend: the error is marked so, and a service answers it 503 (try again). Outside a
 * transaction, or from COMMIT on, a reset may come after the server saved the statement, so it is
 * neither run again nor marked (docs/runbook.md, "Postgres connections lost").
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

  it('marks a transaction whose backend was terminated, and whose ROLLBACK then met a reset, as having saved nothing', async () => {
    const db = await through({ serverClose: true });
    const marker = `reset_tx_${Date.now()}`;
    const transaction = db.transaction().execute(async (trx) => {
      await sql.raw(`INSERT INTO ${table} VALUES (1)`).execute(trx);
      await sql.raw(`SELECT pg_sleep(5), '${marker}' AS marker`).execute(trx);
    });
    await terminateWhenRunning(marker);
    const failure = await failureOf(transaction);
    // The statement failed with 57P01; kysely's ROLLBACK, queued behind it, met the reset, and its
    // error replaced the first (what the chaos run saw).
    expect(failure).toMatchObject({ code: 'ECONNRESET' });
    expect(lostBeforeCommit(failure)).toBe(true);
    expect(await rowsWritten()).toBe(0);
  });

  it('does not mark a reset that met COMMIT: that transaction may have committed', async () => {
    const db = await through({ clientSends: 'commit' });
    const failure = await failureOf(
      db.transaction().execute(async (trx) => {
        await sql.raw(`INSERT INTO ${table} VALUES (1)`).execute(trx);
      }),
    );
    expect(lostBeforeCommit(failure)).toBe(false);
  });

  it('does not run an autocommit statement again after a reset: the server may have saved it', async () => {
    const db = await through({ answerTo: 'INSERT INTO' });
    const failure = await failureOf(sql.raw(`INSERT INTO ${table} VALUES (1)`).execute(db));
    expect(failure).toMatchObject({ code: 'ECONNRESET' });
    expect(lostBeforeCommit(failure)).toBe(false);
    // Saved once, before the reset; a second run would have saved it twice.
    expect(await rowsWritten()).toBe(1);
  });
});
