import { sql } from 'kysely';
import type { Db } from '../../types';

/** The server process of this connection (pass a transaction: its connection stays the same). */
export async function backendPid(db: Db): Promise<number> {
  const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db);
  return rows[0]!.pid;
}

/**
 * Waits until the server process `pid` is blocked behind another transaction's lock: proof that a
 * concurrent statement really queued (rather than ran before or after). A condition, never a time; the
 * timeout only says when to give up.
 */
export async function untilBlocked(db: Db, pid: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql<{
      blocked: boolean;
    }>`SELECT cardinality(pg_blocking_pids(${pid}::int)) > 0 AS blocked`.execute(db);
    if (rows[0]?.blocked) return;
    if (Date.now() > deadline) throw new Error(`backend ${pid} never waited on a lock`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Starts `work` in a transaction of its own and answers once it is blocked behind a lock (untilBlocked);
 * `done` settles with its result after the blocking transaction ends. For a test of what a locking
 * query does when another transaction holds the row.
 */
export async function startBlocked<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<{ done: Promise<T> }> {
  let pidOf: (pid: number) => void = () => {};
  const pid = new Promise<number>((resolve) => {
    pidOf = resolve;
  });
  const done = db.transaction().execute(async (trx) => {
    pidOf(await backendPid(trx));
    return work(trx);
  });
  // Surface a failure of `work` before it blocked rather than waiting for the lock forever.
  await Promise.race([pid.then((p) => untilBlocked(db, p)), done.then(() => undefined)]);
  return { done };
}
