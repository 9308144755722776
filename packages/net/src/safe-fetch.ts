import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { checkOutboundUrl, type Resolver } from './url-check';

export type SafeFetchOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /**
   * Whole exchange, connect to last byte, counted in this process's idle time: time its event loop was held
   * up (other work, a long garbage collection, a loaded machine) does not count, up to 10 s past the limit.
   * An answer that has arrived when it runs out is still read and returned.
   */
  timeoutMs?: number;
  /** The body is cut off (and the connection closed) past this many bytes. */
  maxResponseBytes?: number;
  allowPrivate: boolean;
  /** Our own ports, refused even where private targets are allowed (outboundPolicyFor). */
  ownPorts?: readonly number[];
  resolve?: Resolver;
  /** How long the one DNS lookup may take (checkOutboundUrl's default when unset). */
  resolveTimeoutMs?: number;
};

export type SafeFetchResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as UTF-8 text (webhook acknowledgements). */
  body: string;
  /** The same bytes undecoded, for binary answers such as images. */
  bytes: Buffer;
  truncated: boolean;
};

/** The URL failed the outbound checks; nothing was sent. */
export class UnsafeUrlError extends Error {
  override name = 'UnsafeUrlError';
  constructor(readonly reason: string) {
    super(`Refused outbound URL: ${reason}`);
  }
}

/** The request was sent (or attempted) and did not complete. */
export class OutboundRequestError extends Error {
  override name = 'OutboundRequestError';
  constructor(
    readonly kind: 'timeout' | 'network',
    message: string,
  ) {
    super(message);
  }
}

/** However long this process is held up, an exchange ends at most this long after its limit. */
const HOLD_UP_ALLOWANCE_MS = 10_000;

/**
 * This process's idle time so far: the time its event loop has spent waiting for input (the other side's
 * time), as opposed to running code (other work, a long garbage collection) or waiting for a CPU on a
 * loaded machine, during which it could neither send a request nor read an answer.
 */
const idleMs = () => performance.eventLoopUtilization().idle;

/** A lookup that always answers with the address that was checked, so a second DNS answer cannot be used. */
function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

/**
 * Calls a merchant-controlled URL: re-checks it, resolves once, checks every address,
 * then connects only to the checked address (DNS rebinding cannot swap it), follows no
 * redirect, and bounds both time and response size.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<SafeFetchResponse> {
  const check = await checkOutboundUrl(rawUrl, {
    allowPrivate: options.allowPrivate,
    ownPorts: options.ownPorts,
    resolve: options.resolve,
    resolveTimeoutMs: options.resolveTimeoutMs,
    unresolvable: 'refuse',
  });
  if (!check.ok) throw new UnsafeUrlError(check.reason);
  const { url } = check;
  const address = check.addresses[0]!;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxResponseBytes ?? 64 * 1024;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;

  return new Promise<SafeFetchResponse>((resolve, reject) => {
    const req = send({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: options.method ?? 'POST',
      headers: options.headers,
      lookup: pinnedLookup(address),
      // A fresh connection each time: a pooled socket could belong to an earlier resolution.
      agent: false,
    });
    // The limit is the other side's, so it is counted in this process's idle time (idleMs): time the event
    // loop was held up (it could neither send the request nor read the answer) does not use it up; still,
    // HOLD_UP_ALLOWANCE_MS after the limit the exchange ends whatever the hold-ups. And the deadline is
    // judged on the `setImmediate` after the timer, which runs once the input waiting on the sockets has
    // been read: Node runs due timers first, and judging at once failed answers that had already arrived.
    const idleAtStart = idleMs();
    const latest = performance.now() + timeoutMs + HOLD_UP_ALLOWANCE_MS;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    let judging: NodeJS.Immediate | undefined;
    const check = () => {
      const left = Math.min(timeoutMs - (idleMs() - idleAtStart), latest - performance.now());
      if (left > 0) {
        timer = setTimeout(check, left);
        return;
      }
      judging = setImmediate(() => {
        if (!settled) req.destroy(new OutboundRequestError('timeout', `No complete response within ${timeoutMs} ms`));
      });
    };
    timer = setTimeout(check, timeoutMs);
    const settle = () => {
      settled = true;
      clearTimeout(timer);
      if (judging) clearImmediate(judging);
    };
    const fail = (error: Error) => {
      settle();
      reject(error instanceof OutboundRequestError ? error : new OutboundRequestError('network', error.message));
    };
    req.on('error', fail);
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const finish = () => {
        settle();
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes, truncated });
      };
      res.on('data', (chunk: Buffer) => {
        if (truncated) return;
        const room = maxBytes - size;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          size = maxBytes;
          truncated = true;
          res.destroy();
          finish();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', () => {
        if (!truncated) finish();
      });
      res.on('error', (error) => {
        if (!truncated) fail(error);
      });
    });
    req.end(options.body);
  });
}
