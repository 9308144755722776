import { Agent, type IncomingMessage, request } from 'node:http';
import { errorWithStatus, gatewayElapsedHeader, HOP_BY_HOP_HEADERS, serviceUnavailable } from '@groupsplit/shared';
import type { Context } from 'koa';

/** Not passed on: each connection's own headers, and the ones the gateway sets itself. */
const HOP_BY_HOP = new Set([...HOP_BY_HOP_HEADERS, 'host', 'content-length']);

/** Credentials stop at the gateway: services receive the signed principal instead. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'x-merchant-api-key', 'cookie']);

/**
 * The connections to the services, kept alive between calls. A free one is let go of after
 * FREE_CONNECTION_MS idle, well before the service's own keep-alive timeout (SERVICE_KEEP_ALIVE_MS, 5 s) would close
 * it: a service closing an idle connection just as a call is written into it resets that call, and a
 * reset POST is answered 502. A service stopping on SIGTERM never closes one under us either: it
 * drains (packages/http/src/drain.ts, docs/deploy.md "Restarts drain").
 */
const FREE_CONNECTION_MS = 2_000;
const serviceAgent = new Agent({ keepAlive: true, scheduling: 'lifo', timeout: FREE_CONNECTION_MS });

type ServiceAddress = { protocol: string; hostname: string; port: string };
const addresses = new Map<string, ServiceAddress>();

/** A service's base URL parsed once, not per request. */
function serviceAddress(baseUrl: string): ServiceAddress {
  let address = addresses.get(baseUrl);
  if (!address) {
    const { protocol, hostname, port } = new URL(baseUrl);
    address = { protocol, hostname, port };
    addresses.set(baseUrl, address);
  }
  return address;
}

/**
 * Forwards the buffered request to a service and sends its answer back. The path goes as
 * received, exactly the one the route table matched: resolving it as a URL would fold `..`
 * and backslashes, and read a leading `//` or an absolute-form target as another host.
 */
/** What the gateway asks of a service: the path as received, and its query. */
export const forwardedUrl = (ctx: Context) => `${ctx.path}${ctx.search}`;

/**
 * `replaysIdempotencyKey`: the route's rule says its service replays a repeated `Idempotency-Key`; a
 * call carrying one is then as safe to send again as a read.
 */
export async function forward(
  ctx: Context,
  baseUrl: string,
  body: Buffer,
  extraHeaders: Record<string, string>,
  options: { replaysIdempotencyKey?: boolean } = {},
) {
  const service = serviceAddress(baseUrl);
  const target = { ...service, path: forwardedUrl(ctx) };
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(ctx.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || CREDENTIAL_HEADERS.has(name)) continue;
    headers[name] = value;
  }
  Object.assign(headers, extraHeaders, { 'content-length': String(body.length) });

  const repeatable =
    REPEATABLE_METHODS.has(ctx.method) || Boolean(options.replaysIdempotencyKey && ctx.get('idempotency-key'));
  const send = () =>
    new Promise<IncomingMessage>((resolve, reject) => {
      // Stamped at each send, so a wait while the service restarted counts too (a cancel's bound).
      Object.assign(headers, gatewayElapsedHeader(ctx));
      const req = request({ ...target, agent: serviceAgent, method: ctx.method, headers }, resolve);
      // A request that is safe to repeat is sent again after any failure of its connection (a service
      // restarting under it: reset, hung up). Any other is sent again only when the connection was
      // refused (sendWhileRestarting): a reset, even of a kept-alive connection, may come from a
      // service that read the request and died handling it.
      req.on('error', (error: NodeJS.ErrnoException) => reject(Object.assign(error, { unsent: repeatable })));
      req.end(body);
    });
  const upstream = await sendWhileRestarting(ctx, send);
  ctx.status = upstream.statusCode ?? 502;
  for (const [name, value] of Object.entries(upstream.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    ctx.set(name, value as string | string[]);
  }
  const declared = Number(upstream.headers['content-length']);
  // A HEAD answer has a length but no body: streamed, so Koa does not announce a length of 0.
  ctx.body = declared <= MAX_BUFFERED_BYTES && ctx.method !== 'HEAD' ? await readAll(upstream) : upstream;
}

/**
 * A refused connection means the service is not listening (restarting, or a deploy replacing it):
 * nothing reached it, so the request is sent again for a few seconds before the caller hears 503
 * with `Retry-After`. So is a request that is safe to repeat, whatever broke its connection
 * (REPEATABLE_METHODS, or a replayed Idempotency-Key). Any other failure may have reached the
 * service and is not repeated: 502. A restart never gives one: the stopping service answers what
 * it has and closes its connections only after an answer or when idle past our FREE_CONNECTION_MS,
 * so all the gateway sees of it is a refused connection (docs/deploy.md, "Restarts drain"). What is
 * left is a service dying under a request (killed, out of memory, past its drain bound).
 */
const RESTART_WAIT_MS = 8_000;

/** The 502's message: what the caller does next, since the request may have taken effect (docs/errors.md, `bad_gateway`). */
export const BAD_GATEWAY_MESSAGE =
  'The service did not answer, so this may have been done. Read it back before sending it again.';

/**
 * Sent again after any connection failure: reads, and calls the route replays by `Idempotency-Key`.
 * Any other POST may have been read and acted on (a split created, a refund started) by a service
 * that then died; sent again, it could be acted on twice (the chaos run made second splits this way).
 * It is answered 502, and the caller follows the spec's procedure for a lost answer, or sends it
 * again with an Idempotency-Key where the route takes one.
 */
const REPEATABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** What a 503 tells the caller to wait before sending again (seconds). */
const RESTART_RETRY_AFTER_SECONDS = 2;
const RESTART_POLL_MS = 200;

async function sendWhileRestarting(ctx: Context, send: () => Promise<IncomingMessage>): Promise<IncomingMessage> {
  const deadline = Date.now() + RESTART_WAIT_MS;
  for (;;) {
    try {
      return await send();
    } catch (error) {
      const failure = error as NodeJS.ErrnoException & { unsent?: boolean };
      if (failure.code !== 'ECONNREFUSED' && !failure.unsent) {
        // It may have reached the service: not repeated, and the caller is told to read it back rather
        // than send it again blind ("Please try again" here once invited a second split).
        throw errorWithStatus(502, BAD_GATEWAY_MESSAGE, 'bad_gateway');
      }
      if (Date.now() > deadline) {
        ctx.set('Retry-After', String(RESTART_RETRY_AFTER_SECONDS));
        throw serviceUnavailable('The service is restarting. Please try again shortly.');
      }
      await new Promise((resolve) => setTimeout(resolve, RESTART_POLL_MS));
    }
  }
}

/**
 * A service's answer up to this size is read whole and sent with its length in one write; a
 * stream piped through would cost a pipeline per request and a chunked answer (a second write).
 * Bigger answers (pictures) and answers of unknown length are streamed.
 */
const MAX_BUFFERED_BYTES = 64 * 1024;

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('end', () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}
