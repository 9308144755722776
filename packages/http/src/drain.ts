import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

export type DrainResult = {
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
 * - requests in flight are answered; whatever is still open after `boundMs` is closed.
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
      if (connections.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          allClosed = resolve;
          timer = setTimeout(resolve, boundMs);
        });
        clearTimeout(timer);
      }
      const result = { closedAtBound: connections.size, answersCut: answering.size, tookMs: Date.now() - startedAt };
      for (const socket of connections) socket.destroy();
      return result;
    },
  };
}
