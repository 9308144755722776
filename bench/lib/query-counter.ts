import pg from 'pg';

/**
 * Counts SQL statements sent by every pg client in this process (gateway, services and worker
 * all run in-process). Statements, not round trips of one logical query: BEGIN and COMMIT count.
 */
let statements = 0;
let installed = false;

export function installQueryCounter() {
  if (installed) return;
  installed = true;
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
    statements += 1;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
}

export const statementCount = () => statements;

/** Statements issued while `work` ran, minus what the idle system issues in the same time. */
export async function countStatements(work: () => Promise<void>, idleRatePerMs: number) {
  const before = statements;
  const started = performance.now();
  await work();
  const elapsed = performance.now() - started;
  return Math.max(0, statements - before - idleRatePerMs * elapsed);
}

/** Background statements per millisecond (sweepers, schedules) while nothing else happens. */
export async function idleStatementRate(sampleMs: number) {
  const before = statements;
  await new Promise((resolve) => setTimeout(resolve, sampleMs));
  return (statements - before) / sampleMs;
}
