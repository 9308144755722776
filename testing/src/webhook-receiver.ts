import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = {
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: any;
  receivedAt: Date;
};

export type ReceiverReply = { status?: number; delayMs?: number; body?: string; headers?: Record<string, string> };
type ReplyHandler = (request: ReceivedWebhook, index: number) => ReceiverReply | Promise<ReceiverReply>;

/**
 * A merchant's webhook endpoint for tests: a plain HTTP server on 127.0.0.1 that records
 * every request and answers as `reply` says (default 200). Test stacks allow private targets.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let reply: ReplyHandler = () => ({ status: 200, body: 'ok' });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = undefined;
      }
      const request = { headers: req.headers, rawBody, body, receivedAt: new Date() };
      received.push(request);
      const answer = await reply(request, received.length - 1);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, answer.headers);
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    reply(handler: ReplyHandler) {
      reply = handler;
    },
    /** Polls until `predicate` holds for the requests so far. */
    async waitFor(predicate: (requests: ReceivedWebhook[]) => boolean, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline)
          throw new Error(`Webhook receiver: condition not met; got ${received.length} requests`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
