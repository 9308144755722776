/**
 * Errors that mean the server ended a connection while a statement was running or before it
 * arrived (a terminated backend, a server shutting down, a socket already dead). Postgres aborts the
 * running transaction when it terminates a backend, so the statement did not take effect.
 */
const CONNECTION_LOST_CODES = new Set(['57P01', '57P02', '57P03']);

export function connectionLost(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e) return false;
  if (e.code && CONNECTION_LOST_CODES.has(e.code)) return true;
  return /not queryable|Connection terminated/.test(e.message ?? '');
}

const SOCKET_RESET_CODES = new Set(['ECONNRESET', 'EPIPE']);

/**
 * The socket itself was reset or broken (`read ECONNRESET`, `write EPIPE`): the server's side went away
 * (a terminated backend whose socket closed with our bytes unread, a failover, a proxy), but unlike
 * {@link connectionLost} nothing says when. The server may have run the statement, and even committed
 * it outside a transaction, before the reset reached us, so this alone never justifies running a
 * statement again; inside a transaction whose COMMIT was not sent it still means nothing was saved.
 */
export function socketReset(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e) return false;
  if (e.code && SOCKET_RESET_CODES.has(e.code)) return true;
  return /\b(ECONNRESET|EPIPE)\b/.test(e.message ?? '');
}

const NOTHING_SAVED = Symbol('groupsplit.db.nothingSaved');

/**
 * Marks a connection loss inside a transaction whose COMMIT was never sent: the server rolled it
 * back, so nothing it wrote exists and the whole request may be sent again. A loss during or after
 * COMMIT is never marked: that commit may have happened.
 */
export function markNothingSaved(error: unknown): void {
  if (error && typeof error === 'object') (error as Record<symbol, boolean>)[NOTHING_SAVED] = true;
}

/** True for a lost connection that provably saved nothing (a transaction ended before its COMMIT). */
export function lostBeforeCommit(error: unknown): boolean {
  return Boolean(error && typeof error === 'object' && (error as Record<symbol, boolean>)[NOTHING_SAVED]);
}
