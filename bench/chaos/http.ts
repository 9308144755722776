import { request as httpRequest } from 'node:http';
import { DRAINED_BEFORE_ANSWER_MESSAGE } from '@groupsplit/shared';
import { checkAnswer, readAnswer } from '@groupsplit/testing';

/**
 * The chaos run's HTTP client: every call the workload makes goes through it, so every answer is
 * counted. A 5xx or a connection failure is "explained" only when it falls inside a deliberate
 * restart of the service that answers (gateway or checkout), and is then retried like a merchant's
 * client would; anything else is an unexplained failure and breaks the run.
 */

export type CallOptions = {
  token?: string;
  apiKey?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Safe to send again after a 5xx or a lost connection (reads, keyed writes, the pay step). */
  retry?: boolean;
  /** How long to wait for the answer (default CLIENT_TIMEOUT_MS). */
  timeoutMs?: number;
};

export type Answer<T = any> = { status: number; body: T; text: string; retryAfter?: string | null };

/** A deliberate fault: a service restarting, or the services' Postgres backends being terminated. */
type Window = { service: string; from: number; to: number | null };

/** After a restarted service is ready again, answers already in flight may still fail this long. */
const RESTART_GRACE_MS = 2_000;
const RETRY_FOR_MS = 90_000;
/** A merchant's client gives up on an answer after this long (creation waits on every hold). */
const CLIENT_TIMEOUT_MS = 120_000;
const RETRY_PAUSE_MS = 500;
/**
 * Node's fetch gives up on an answer whose headers take longer than this (undici's `headersTimeout`,
 * "fetch failed"), whatever its signal says. A creation may rightly wait 10 minutes for its holds, so a
 * call allowed longer goes through node:http instead (a chaos run on 7 December 2026 counted a 5-minute
 * creation as an unexplained failure).
 */
const FETCH_HEADERS_TIMEOUT_MS = 300_000;
/** The window name of a database fault (ChaosHttp.databaseFault). */
const DATABASE = 'database';
/** The window name of a fault on Temporal's own processes or database (ChaosHttp.engineFault). */
const ENGINE = 'temporal';
/** Windows that explain only a 503 `service_unavailable` (nothing done, send again), never a 500. */
const RETRYABLE_ONLY = new Set([DATABASE, ENGINE]);
/**
 * 503s a route gives on purpose, with `Retry-After`, as a step of its documented procedure: a cancel
 * recorded but not yet applied within CANCEL_ANSWER_WAIT_MS (`cancel_not_confirmed`, docs/errors.md: send it
 * again after Retry-After to read the outcome). The client does that; they are counted apart, not as failures.
 */
const DESIGNED_503 = new Set(['cancel_not_confirmed']);

export class ChaosHttp {
  readonly counts = {
    requests: 0,
    byStatus: new Map<string, number>(),
    restart5xx: 0,
    unexplained5xx: 0,
    designed503: 0,
  };
  /** How long each cancel request took to answer, whatever the answer (figure 14's bound, under chaos). */
  readonly cancelAnswerMs: number[] = [];
  readonly unexplained: string[] = [];
  readonly contractMismatches: string[] = [];
  private readonly windows: Window[] = [];

  constructor(private readonly baseUrl: string) {}

  /** Marks the start of a deliberate restart; the returned function marks the service ready again. */
  restarting(service: string): () => void {
    const window: Window = { service, from: Date.now(), to: null };
    this.windows.push(window);
    return () => {
      window.to = Date.now();
    };
  }

  /**
   * Marks a round of terminated database backends. A request whose transaction it cut before COMMIT
   * is answered 503 `service_unavailable` (nothing saved, try again); only that answer is explained
   * by this window, so a 500 at the same moment still breaks the run.
   */
  databaseFault(): () => void {
    return this.restarting(DATABASE);
  }

  /**
   * Marks a fault on the engine (a Temporal process killed or restarted, its Postgres backends
   * terminated, its visibility writes held). Our services stay up, so, as for the database, only a
   * 503 `service_unavailable` is explained by it: a 500 while Temporal recovers still breaks the run.
   */
  engineFault(): () => void {
    return this.restarting(ENGINE);
  }

  get restarts() {
    return this.windows.length;
  }

  private duringFault(answeredAt: number, retryable: boolean) {
    // The failure itself (the answer, or the lost connection) came while the service was down.
    return this.windows.some(
      (w) =>
        (!RETRYABLE_ONLY.has(w.service) || retryable) &&
        answeredAt >= w.from &&
        answeredAt <= (w.to ?? Number.POSITIVE_INFINITY) + RESTART_GRACE_MS,
    );
  }

  private count(key: string) {
    this.counts.byStatus.set(key, (this.counts.byStatus.get(key) ?? 0) + 1);
  }

  async call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
    // A client retries for a while after the first failure, however long the call before it took.
    let firstFailureAt: number | null = null;
    for (;;) {
      const sentAt = Date.now();
      const answer = await this.once<T>(method, path, options).catch((error: Error) => error);
      const answeredAt = Date.now();
      this.counts.requests += 1;
      if (method === 'POST' && path.endsWith('/cancel')) this.cancelAnswerMs.push(answeredAt - sentAt);
      const failed = answer instanceof Error || answer.status >= 500;
      this.count(answer instanceof Error ? 'network' : String(answer.status));
      if (!(answer instanceof Error) && answer.status === 429) {
        // Nothing was done; a well-behaved client waits as told (rate limits are not faults).
        await new Promise((resolve) => setTimeout(resolve, 1000 * Number(answer.retryAfter ?? 1)));
        continue;
      }
      if (!failed) return answer as Answer<T>;
      if (
        !(answer instanceof Error) &&
        answer.status === 503 &&
        DESIGNED_503.has((answer.body as { code?: string } | null)?.code ?? '')
      ) {
        this.counts.designed503 += 1;
        firstFailureAt ??= answeredAt;
        if (Date.now() - firstFailureAt > RETRY_FOR_MS) return answer as Answer<T>;
        await new Promise((resolve) => setTimeout(resolve, 1000 * Number(answer.retryAfter ?? 1)));
        continue;
      }
      // 503 service_unavailable says nothing was done: any request may be sent again after Retry-After. Not
      // the drain's own 503 (a restart ended a request still being worked on): that one may have been done,
      // so it is sent again only by a caller that may (`retry`: an Idempotency-Key, a once-only choice).
      const body = answer instanceof Error ? null : (answer.body as { code?: string; error?: string } | null);
      const retryable =
        neverSent(answer) ||
        (!(answer instanceof Error) &&
          answer.status === 503 &&
          body?.code === 'service_unavailable' &&
          body.error !== DRAINED_BEFORE_ANSWER_MESSAGE);
      const what =
        answer instanceof Error ? `network error (${describeError(answer)})` : `${answer.status} ${answer.text}`;
      // A restart drains (docs/deploy.md, "Restarts drain"): a 502 means a request was cut with its
      // outcome unknown, which no restart explains.
      const badGateway = !(answer instanceof Error) && answer.status === 502;
      if (!badGateway && this.duringFault(answeredAt, retryable)) this.counts.restart5xx += 1;
      else {
        this.counts.unexplained5xx += 1;
        if (this.unexplained.length < 50)
          this.unexplained.push(`${new Date(sentAt).toISOString()} ${method} ${path}: ${what.slice(0, 300)}`);
      }
      firstFailureAt ??= answeredAt;
      if (!(options.retry || retryable) || Date.now() - firstFailureAt > RETRY_FOR_MS) {
        if (answer instanceof Error) throw new Error(`${method} ${path}: ${what}`);
        return answer;
      }
      const pause = retryable ? 1000 * Number((answer as Answer).retryAfter ?? 1) : RETRY_PAUSE_MS;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  private async once<T>(method: string, path: string, options: CallOptions): Promise<Answer<T>> {
    const headers: Record<string, string> = { 'x-forwarded-for': randomIp(), ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.apiKey) headers['x-merchant-api-key'] = options.apiKey;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    const url = new URL(path, this.baseUrl);
    const timeoutMs = options.timeoutMs ?? CLIENT_TIMEOUT_MS;
    const response =
      timeoutMs > FETCH_HEADERS_TIMEOUT_MS
        ? await longRequest(url, { method, headers, body, timeoutMs })
        : await fetch(url, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    const answer = await readAnswer(response);
    if (response.status < 500) {
      try {
        checkAnswer(method, url, response, answer);
      } catch (error) {
        if (this.contractMismatches.length < 20) this.contractMismatches.push((error as Error).message.slice(0, 400));
      }
    }
    return {
      status: response.status,
      body: answer.body as T,
      text: answer.text,
      retryAfter: response.headers.get('retry-after'),
    };
  }

  get = <T = any>(path: string, options?: CallOptions) => this.call<T>('GET', path, { retry: true, ...options });
  post = <T = any>(path: string, body?: unknown, options?: CallOptions) =>
    this.call<T>('POST', path, { ...options, body });
}

// Distinct client addresses, so per-IP limits apply per caller as they would in production.
const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/**
 * The connection was refused (the gateway restarting): the request never left this client, so any
 * request may be sent again, as a shop's client would. Other network errors (a reset, a timeout) may
 * come after the request arrived, and only a caller that may send it twice does.
 */
function neverSent(answer: unknown): boolean {
  if (!(answer instanceof Error)) return false;
  // fetch puts the socket's error in `cause`; node:http (longRequest) rejects with it.
  const code = (answer.cause as { code?: string } | undefined)?.code ?? (answer as { code?: string }).code;
  return code === 'ECONNREFUSED';
}

/** A network error's own words and its cause's (fetch says only "fetch failed"). */
function describeError(error: Error): string {
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause ? `${error.message}: ${cause.code ?? ''} ${cause.message ?? ''}`.trim() : error.message;
}

/** One request over node:http, which waits for the answer as long as it is told; answered as a fetch Response. */
function longRequest(
  url: URL,
  options: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number },
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        const status = res.statusCode ?? 0;
        const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
        resolve(new Response(body, { status, headers }));
      });
    });
    req.setTimeout(options.timeoutMs, () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(options.body);
  });
}
