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
 * The pool's client. It sends registered texts as named statements (pg prepares each once per
 * connection), and it runs a statement once more, on a new connection, when the server ended this
 * one under it outside a transaction (docs/runbook.md, "Postgres connections lost"). A failover, a
 * restart or an operator's `pg_terminate_backend` then costs a reconnect instead of a failed
 * request. Inside a transaction nothing is retried here: the transaction is gone, and its caller
 * sees the error.
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
    if (TRANSACTION_START.test(text)) {
      this.inTransaction = true;
      this.commitSent = false;
    } else if (TRANSACTION_END.test(text)) {
      this.inTransaction = false;
      if (COMMIT.test(text)) this.commitSent = true;
    }
    const outsideTransaction = !this.inTransaction && !TRANSACTION_END.test(text);
    const sent = this.send(this, text, values);
    if (!outsideTransaction) {
      // The transaction is gone with its connection; before COMMIT that provably saved nothing
      // (the error handler answers 503, try again: docs/runbook.md, "Postgres connections lost").
      // A socket reset counts too: whatever the server ran in an uncommitted transaction, it rolled
      // back. That includes kysely's ROLLBACK meeting the reset after a terminated backend's 57P01,
      // whose error then replaces the statement's. From COMMIT on (a ROLLBACK after a failed
      // COMMIT included), nothing is marked: that transaction may have committed.
      const commitSent = this.commitSent;
      return sent.catch((error: unknown) => {
        if ((connectionLost(error) || socketReset(error)) && !commitSent) markNothingSaved(error);
        throw error;
      });
    }
    return sent.catch(async (error: unknown) => {
      // Outside a transaction a socket reset is not run again, and stays the caller's error: the
      // server may have run and committed the statement before the reset reached us, and a second
      // run would apply a write twice. Only the losses connectionLost() recognises are run again.
      // That includes "Connection terminated unexpectedly", which can hide a statement that ran: not
      // running it again answered a buyer's pay step 500 while Postgres terminated backends (a
      // 500-split chaos run with a CPU hog, 7 December 2026), so the pool keeps the retry.
      if (!connectionLost(error)) throw error;
      const fresh = new pg.Client(this.options);
      // Ended by the server while idle (before end() below), it emits 'error'; unheard, that ends the process.
      fresh.on('error', () => undefined);
      await fresh.connect();
      try {
        return await this.send(fresh, text, values);
      } finally {
        await fresh.end().catch(() => undefined);
      }
    });
  }

  private send(client: pg.Client, text: string, values: unknown): Promise<pg.QueryResult> {
    const name = namesByText.get(text);
    const query = pg.Client.prototype.query as (...a: any[]) => Promise<pg.QueryResult>;
    return name ? query.call(client, { name, text, values }) : query.call(client, text, values);
  }
}
