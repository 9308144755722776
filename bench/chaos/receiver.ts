import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '@groupsplit/shared';

/** One webhook event as the merchant saw it, deduplicated on `X-Service-Event-Id`. */
export type ReceivedEvent = {
  eventId: string;
  type: string;
  data: any;
  /** Attempts that reached the receiver, and how many of them it acknowledged with a 2xx. */
  attempts: number;
  acknowledged: number;
};

/**
 * The merchants' webhook endpoint for the chaos run: verifies every signature, answers 500 to
 * about `firstAttemptFailureRate` of first attempts, and can be taken down (the port closed) for a
 * while. Events are kept by event id, so "exactly once" is checked on what a merchant dedupes on.
 */
export async function startChaosReceiver(options: { secrets: Map<string, string>; firstAttemptFailureRate: number }) {
  const events = new Map<string, ReceivedEvent>();
  const problems: string[] = [];
  let failuresInjected = 0;
  let failing = false;

  const handle: Parameters<typeof createServer>[1] = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const eventId = String(req.headers['x-service-event-id'] ?? '');
      const attempt = Number(req.headers['x-service-attempt'] ?? 0);
      const merchantId =
        String(req.url ?? '')
          .split('/')
          .pop() ?? '';
      const secret = options.secrets.get(merchantId);
      const header = String(req.headers['x-service-signature'] ?? '');
      if (!secret || !verifyWebhookSignature({ rawBody, header, secret }).ok) {
        problems.push(`bad signature on ${eventId} for ${merchantId}`);
        res.writeHead(400).end();
        return;
      }
      const body = JSON.parse(rawBody);
      const event = events.get(eventId) ?? { eventId, type: body.type, data: body.data, attempts: 0, acknowledged: 0 };
      events.set(eventId, event);
      event.attempts += 1;
      if (failing || (attempt === 1 && Math.random() < options.firstAttemptFailureRate)) {
        failuresInjected += 1;
        res.writeHead(500).end('injected failure');
        return;
      }
      event.acknowledged += 1;
      res.writeHead(200).end('ok');
    });
  };

  let server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    urlFor: (merchantId: string) => `http://127.0.0.1:${port}/webhooks/${merchantId}`,
    events,
    problems,
    get failuresInjected() {
      return failuresInjected;
    },
    /** Closes the port for `ms` (connections refused), then listens again on the same port. */
    async down(ms: number) {
      failing = true;
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await new Promise((resolve) => setTimeout(resolve, ms));
      server = createServer(handle);
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      failing = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type ChaosReceiver = Awaited<ReturnType<typeof startChaosReceiver>>;
