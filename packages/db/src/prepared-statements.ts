import pg from 'pg';
import { connectionLost, markNothingSaved, socketReset } from './connection-lost';

/**
 * Named (server-side prepared) statements for the few fixed SQL texts that run once per event or per
 * request on hot paths. Postgres parses, analyses and plans a statement sent unnamed on every execution;
 * one prepared on a connection is parsed once there and, after a few executions, runs on a cached plan.
 * For the webhook dispatcher's round (a five-part CTE) that was most of Postgres's CPU per event
 * (bench/README.md, figure 4).
 *
 * A text is registered once, with its name, where it is defined; kysely passes the text unchanged to
 * `client.query(text, values)`, and the pool's client below recognises it there. Every other query is
 * sent as before.
 */
const namesByText = new Map<string, string>();

/** Registers `text` under `name` and returns the text, to be run as usual (`CompiledQuery.raw(text, values)`). */
export function preparedStatement(name: string, text: string): string {
  const known = namesByText.get(text);
  if (known && known !== name) throw new Error(`SQL text already prepared as ${known}`);
  if ([...namesByText.values()].includes(name) && known !== name) throw new Error(`Statement name ${name} is taken`);
  namesByText.set(text, name);
  return text;
}

const TRANSACTION_START = /^\s*(begin|start transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|rollback|end)\b/i;
const COMMIT = /^\s*(commit|end)\b/i;
/**
 * A statement that only reads, so running it twice changes nothing: a SELECT naming no writing clause
 * or function. A word that could write (a data-modifying WITH, FOR UPDATE, nextval, a notification, an
 * advisory lock) makes it count as a write, which is never run again after a reset.
 */
const READ_ONLY = /^\s*select\b/i;
const MIGHT_WRITE = /\b(insert|update|delete|merge|nextval|setval|pg_notify|pg_advisory\w*|set_config|for\s+share)\b/i;
const onlyReads = (text: string) => READ_ONLY.test(text) && !MIGHT_WRITE.test(text);
/** The running transaction's id, or null when it has written nothing (Postgres assigns one at the first write). */
const TRANSACTION_ID = 'SELECT txid_current_if_assigned()::text AS id';
const TRANSACTION_STATUS = 'SELECT txid_status($1::bigint) AS status';
/** How long a lost COMMIT's outcome is waited for while its backend ends. */
const COMMIT_OUTCOME_WAIT_MS = 5_000;
const COMMIT_OUTCOME_POLL_MS = 50;
/** What pg answers a COMMIT that went through (kysely reads nothing from it). */
const COMMITTED = { command: 'COMMIT', rowCount: null, oid: 0, rows: [], fields: [] } as unknown as pg.QueryResult;

/**
 * The pool's client. It sends registered texts as named statements (pg prepares each once per
 * connection), and it runs a statement once more, on a new connection, when the server ended this
 * one under it outside a transaction (docs/runbook.md, "Postgres connections lost"). A failover, a
 * restart or an operator's `pg_terminate_backend` then costs a reconnect instead of a failed
 * request. Inside a transaction nothing is retried here: the transaction is gone, and its caller
 * sees the error, marked when provably nothing was saved; a lost COMMIT is settled by asking the
 * server whether it committed (commit() below).
 */
export class PreparingClient extends pg.Client {
  private inTransaction = false;
  /** COMMIT went out in the current transaction: from then on, a lost connection may have saved it. */
  private commitSent = false;

  constructor(private readonly options?: string | pg.ClientConfig) {
    super(options);
    // A connection lost while checked out fails its running statement (answered below or by the
    // caller) and then emits 'error' on the client, where the pool listens only while it is idle.
    // Unheard, that event would end the process; the pool discards the client on release (it is no
    // longer queryable), so there is nothing left to do here.
    this.on('error', () => undefined);
  }

  // pg's query has a dozen overloads: this recognises one shape (kysely's) and forwards every other as it came.
  override query(...args: any[]): any {
    const [text, values] = args;
    if (typeof text !== 'string' || args.length !== 2) return (super.query as any)(...args);
    if (this.inTransaction && COMMIT.test(text)) return this.commit(text, values);
    if (TRANSACTION_START.test(text)) {
      this.inTransaction = true;
      this.commitSent = false;
    } else if (TRANSACTION_END.test(text)) {
      this.inTransaction = false;
    }
    const outsideTransaction = !this.inTransaction && !TRANSACTION_END.test(text);
    const sent = this.send(this, text, values);
    if (!outsideTransaction) {
      // The transaction is gone with its connection; before COMMIT that provably saved nothing
      // (the error handler answers 503, try again: docs/runbook.md, "Postgres connections lost").
      // A socket reset counts too: whatever the server ran in an uncommitted transaction, it rolled
      // back. That includes kysely's ROLLBACK meeting the reset after a terminated backend's 57P01,
      // whose error then replaces the statement's. A ROLLBACK after a lost COMMIT is not marked here:
      // commit() below has asked the server, and marked the COMMIT's error if nothing was saved.
      const commitSent = this.commitSent;
      return sent.catch((error: unknown) => {
        if ((connectionLost(error) || socketReset(error)) && !commitSent) markNothingSaved(error);
        throw error;
      });
    }
    return sent.catch(async (error: unknown) => {
      // Outside a transaction a socket reset under a write is not run again, and stays the caller's
      // error: the server may have run and committed the statement before the reset reached us, and a
      // second run would apply it twice. Only the losses connectionLost() recognises are run again.
      // That includes "Connection terminated unexpectedly", which can hide a statement that ran: not
      // running it again answered a buyer's pay step 500 while Postgres terminated backends (a
      // 500-split chaos run with a CPU hog, 7 December 2026), so the pool keeps the retry. A read saves
      // nothing, so a reset under one is run again too, and, if that fails as well, marked as having
      // saved nothing (503, send it again): a cancel's re-read of the split's status answered 500 on a
      // `read ECONNRESET` in the hog chaos run of 7 December 2026 (third session).
      const read = onlyReads(text);
      if (!connectionLost(error) && !(read && socketReset(error))) throw error;
      try {
        const fresh = this.freshClient();
        await fresh.connect();
        try {
          return await this.send(fresh, text, values);
        } finally {
          await fresh.end().catch(() => undefined);
        }
      } catch (again) {
        if (read && (connectionLost(again) || socketReset(again))) markNothingSaved(again);
        throw again;
      }
    });
  }

  /**
   * COMMIT, and when its connection is lost, the server's word on whether it happened. A connection
   * ended during COMMIT left the outcome unknown: a session create answered 500 in a chaos run (7
   * December 2026), although the transaction may well have committed. So the transaction's id is
   * asked first (one round trip), and after a loss a new connection asks `txid_status`: committed,
   * the COMMIT succeeded and the caller goes on; aborted, nothing was saved (marked, so 503: send it
   * again); neither within COMMIT_OUTCOME_WAIT_MS, or no connection, the error stands.
   */
  private async commit(text: string, values: unknown): Promise<pg.QueryResult> {
    let transactionId: string | null;
    try {
      const { rows } = await this.send(this, TRANSACTION_ID, []);
      transactionId = rows[0]?.id ?? null;
    } catch (error) {
      if (connectionLost(error) || socketReset(error)) markNothingSaved(error);
      throw error;
    }
    this.inTransaction = false;
    this.commitSent = true;
    try {
      return await this.send(this, text, values);
    } catch (error) {
      if (!(connectionLost(error) || socketReset(error))) throw error;
      // Nothing written, nothing to lose: the transaction's reads were already answered.
      if (transactionId === null) return COMMITTED;
      const outcome = await this.transactionOutcome(transactionId).catch(() => 'unknown' as const);
      if (outcome === 'committed') return COMMITTED;
      if (outcome === 'aborted') {
        markNothingSaved(error);
        // kysely's ROLLBACK follows on the dead connection, and its error replaces this one: as if
        // COMMIT had never gone out, so that error is marked too.
        this.commitSent = false;
      }
      throw error;
    }
  }

  private async transactionOutcome(transactionId: string): Promise<'committed' | 'aborted' | 'unknown'> {
    const fresh = this.freshClient();
    await fresh.connect();
    try {
      const deadline = Date.now() + COMMIT_OUTCOME_WAIT_MS;
      for (;;) {
        const { rows } = await this.send(fresh, TRANSACTION_STATUS, [transactionId]);
        const status = rows[0]?.status as string | null | undefined;
        if (status === 'committed' || status === 'aborted') return status;
        // 'in progress': the ended backend has not finished its COMMIT or its abort yet.
        if (status !== 'in progress' || Date.now() > deadline) return 'unknown';
        await new Promise((resolve) => setTimeout(resolve, COMMIT_OUTCOME_POLL_MS));
      }
    } finally {
      await fresh.end().catch(() => undefined);
    }
  }

  private freshClient(): pg.Client {
    const fresh = new pg.Client(this.options);
    // Ended by the server while idle (before end()), it emits 'error'; unheard, that ends the process.
    fresh.on('error', () => undefined);
    return fresh;
  }

  private send(client: pg.Client, text: string, values: unknown): Promise<pg.QueryResult> {
    const name = namesByText.get(text);
    const query = pg.Client.prototype.query as (...a: any[]) => Promise<pg.QueryResult>;
    return name ? query.call(client, { name, text, values }) : query.call(client, text, values);
  }
}
