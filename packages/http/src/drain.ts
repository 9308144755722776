import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** How long before the drain bound a request still unanswered is answered 503, rather than cut at the bound. */
export const DRAIN_ANSWER_RESERVE_MS = 1_000;
/** Seconds a request answered at the drain bound is told to wait before it is read back or sent again. */
const DRAIN_RETRY_AFTER_SECONDS = 2;
/**
 * What a request still unanswered near the drain bound is told (docs/errors.md, `service_unavailable`).
 * Whatever it asked for may be under way (a split's holds still being placed): it is read back before
 * it is sent again, as after a lost answer.
 */
export const DRAINED_BEFORE_ANSWER_MESSAGE =
  'The service restarted before it finished this request, so it may have been done. Read it back before sending it again.';

export type DrainResult = {
  /** Requests still unanswered just before the bound, answered 503 then (answerUnfinished). */
  answeredAtBound: number;
  /** Connections still open when the bound ran out, closed then (a request on one was cut). */
  closedAtBound: number;
  /** Answers still being written when the bound ran out. */
  answersCut: number;
  /** How long the drain took (ms). */
  tookMs: number;
};

/**
 * A graceful stop for one HTTP server (docs/deploy.md, "Restarts drain"). From `drain()` on:
 *
 * - the listening socket closes, so a new connection is refused: the gateway (or a load balancer)
 *   knows nothing reached this process and sends the request elsewhere or again;
 * - every answer not yet started, in flight or still to come on a connection already open, says
 *   `Connection: close`, and the connection closes after it: the client never sends another
 *   request down it;
 * - an idle kept-alive connection is not closed under the client (http.Server#close would close it at
 *   once, and a request the client was writing into it that moment is reset: the gateway cannot
 *   tell that from a service that read the request and died, and answers 502). It is left to the
 *   client, which lets go of it a second before this server's keep-alive timeout (the
 *   `Keep-Alive: timeout=` hint, SERVICE_KEEP_ALIVE_MS), or to that timeout;
 * - requests in flight are answered. One still unanswered DRAIN_ANSWER_RESERVE_MS before `boundMs` is
 *   answered 503 `service_unavailable` with `Retry-After` (what it asked for may still be under way), so
 *   nobody's request is cut under them: a cut one is all a caller could hear as a 502 (a split's
 *   creation waits on its holds for as long as they take). Whatever is still open after `boundMs` is closed.
 *
 * Resolves once no connection is left, or at the bound.
 */
export function drainable(server: Server) {
  const connections = new Set<Socket>();
  const answering = new Set<ServerResponse>();
  let draining = false;
  let allClosed: (() => void) | null = null;

  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => {
      connections.delete(socket);
      if (connections.size === 0) allClosed?.();
    });
  });
  // Before the app's own listener, so the header is there whatever the app does first.
  server.prependListener('request', (_req, res: ServerResponse) => {
    answering.add(res);
    res.once('close', () => answering.delete(res));
    if (draining) res.setHeader('Connection', 'close');
  });

  return {
    get draining() {
      return draining;
    },
    async drain(boundMs: number): Promise<DrainResult> {
      const startedAt = Date.now();
      draining = true;
      for (const res of answering) if (!res.headersSent) res.setHeader('Connection', 'close');
      // net.Server#close: stop listening, and nothing else (http.Server#close also closes idle connections).
      NetServer.prototype.close.call(server);
      let answeredAtBound = 0;
      if (connections.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        const answerTimer = setTimeout(
          () => {
            answeredAtBound = answerUnfinished(answering);
          },
          Math.max(0, boundMs - DRAIN_ANSWER_RESERVE_MS),
        );
        await new Promise<void>((resolve) => {
          allClosed = resolve;
          timer = setTimeout(resolve, boundMs);
        });
        clearTimeout(timer);
        clearTimeout(answerTimer);
      }
      const result = {
        answeredAtBound,
        closedAtBound: connections.size,
        answersCut: answering.size,
        tookMs: Date.now() - startedAt,
      };
      for (const socket of connections) socket.destroy();
      return result;
    },
  };
}

/** Answers 503 every request whose answer has not begun; the connection closes after it. Returns how many. */
function answerUnfinished(answering: ReadonlySet<ServerResponse>): number {
  const body = JSON.stringify({ error: DRAINED_BEFORE_ANSWER_MESSAGE, code: 'service_unavailable' });
  let answered = 0;
  for (const res of answering) {
    if (res.headersSent || res.writableEnded) continue;
    res.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'retry-after': String(DRAIN_RETRY_AFTER_SECONDS),
      connection: 'close',
    });
    res.end(body);
    answered += 1;
  }
  return answered;
}
