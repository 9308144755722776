import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { PoundsInputs } from './amounts';
import type { paths } from './schema';

export type ServiceMode = 'test' | 'live';

/** Who is calling, in which mode and for which business: each becomes a request header. */
export type GroupsplitCredentials = {
  /** A server's API key (`svc_test_…` / `svc_prod_…`), sent as `x-merchant-api-key`. Never put it in a web page. */
  apiKey?: string;
  /** A signed-in person's access token (from `POST /api/auth/email/verify`), sent as `Authorization: Bearer …`. */
  bearer?: string;
  /** Sent as `X-Service-Mode`: which mode's settings, credentials and gates a session call reads or changes. */
  mode?: ServiceMode;
  /** Sent as `x-service-merchant-id`: the business a login in several businesses acts for. */
  merchantId?: string;
};

export type GroupsplitClientOptions = GroupsplitCredentials & {
  /** Where the API is: `http://localhost:3000` under `npm start`. Paths in calls start with `/api`. */
  baseUrl: string;
  /**
   * Read before every request, for an app whose sign-in, mode or business changes while it runs (a
   * dashboard): what it returns replaces the fixed credentials above for that request.
   */
  credentials?: () => GroupsplitCredentials;
  /** Anything else openapi-fetch takes (a custom `fetch`, extra `headers`, …). */
  fetchOptions?: Omit<ClientOptions, 'baseUrl'>;
  /**
   * How many times to send a POST again when it fails on the network (no answer at all: a dropped
   * connection, a reset), default 0. Only operations that replay an `Idempotency-Key`
   * (`IDEMPOTENT_OPERATIONS`) are retried, with the same key, so a retry never does the work twice.
   */
  maxNetworkRetries?: number;
  /** Makes the key a POST gets when the call sets none; default `crypto.randomUUID()`. */
  idempotencyKey?: () => string;
};

/**
 * The POST operations that replay a repeated `Idempotency-Key` instead of doing the work again
 * (docs/openapi.json: those taking the `Idempotency-Key` header), by path as the client names them.
 * `idempotency.test.ts` checks this list against the document.
 */
export const IDEMPOTENT_OPERATIONS: readonly string[] = [
  '/api/checkout-splits',
  '/api/merchants/checkout/sessions',
  '/api/merchants/checkout/splits/{id}/refund',
  // The dashboard's refund of part of an order (docs/refunds.md): the server refund's rules, its key included.
  '/api/checkout-splits/{id}/partial-refund',
];

const IDEMPOTENCY_HEADER = 'idempotency-key';

type Method = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** An operation whose request body takes amounts as `Pounds` only (amounts.ts). */
type WithPoundsInputs<Operation> = {
  [K in keyof Operation]: K extends 'requestBody' ? PoundsInputs<Operation[K]> : Operation[K];
};

/** The document's paths as the client takes them: the same, but amounts in request bodies are `Pounds`. */
export type ClientPaths = {
  [Path in keyof paths]: {
    [M in keyof paths[Path]]: M extends Method
      ? paths[Path][M] extends object
        ? WithPoundsInputs<paths[Path][M]>
        : paths[Path][M]
      : paths[Path][M];
  };
};

export type GroupsplitClient = Client<ClientPaths>;

/**
 * A typed client for the whole public API, generated from docs/openapi.json: every path, parameter,
 * body and answer is checked by TypeScript. Calls return `{ data, error, response }` (openapi-fetch);
 * `unwrap` turns them into the data or a thrown `GroupsplitApiError`.
 *
 * Every POST carries an `Idempotency-Key` header, as stripe-node's calls do: the call's own
 * (`params.header['Idempotency-Key']`) or else a new random one, so a retry of that request (the
 * client's own, with `maxNetworkRetries`) is answered from the first instead of being done twice.
 *
 * ```ts
 * const groupsplit = createGroupsplitClient({ baseUrl, apiKey: process.env.GROUPSPLIT_API_KEY });
 * const session = unwrap(await groupsplit.POST('/api/merchants/checkout/sessions', { body: { amount: 30, return_url } }));
 * ```
 */
export function createGroupsplitClient(options: GroupsplitClientOptions): GroupsplitClient {
  const { headers: extra, fetch: givenFetch, ...rest } = options.fetchOptions ?? {};
  const retryable = new WeakSet<Request>();
  const send = givenFetch ?? ((request: Request) => globalThis.fetch(request));
  const retries = Math.max(0, Math.floor(options.maxNetworkRetries ?? 0));
  const client = createClient<ClientPaths>({
    ...rest,
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { ...credentialHeaders(options), ...(extra as Record<string, string> | undefined) },
    fetch: async (request: Request) => {
      if (retries === 0 || !retryable.has(request)) return send(request);
      for (let attempt = 0; ; attempt++) {
        // The body can be read once: each attempt sends a copy, with the same Idempotency-Key.
        const copy = request.clone();
        try {
          return await send(copy);
        } catch (error) {
          if (attempt >= retries || !isNetworkError(error)) throw error;
          await backoff(attempt);
        }
      }
    },
  });
  const makeKey = options.idempotencyKey ?? randomKey;
  client.use({
    onRequest({ request, schemaPath }) {
      if (request.method !== 'POST') return request;
      if (!request.headers.get(IDEMPOTENCY_HEADER)) request.headers.set(IDEMPOTENCY_HEADER, makeKey());
      if (IDEMPOTENT_OPERATIONS.includes(schemaPath)) retryable.add(request);
      return request;
    },
  });
  const { credentials } = options;
  if (credentials) {
    client.use({
      onRequest({ request }) {
        for (const name of Object.keys(credentialHeaders(options))) request.headers.delete(name);
        for (const [name, value] of Object.entries(credentialHeaders(credentials()))) request.headers.set(name, value);
        return request;
      },
    });
  }
  return client;
}

/**
 * A random v4 UUID. `crypto.randomUUID` exists only in secure contexts in browsers (https or localhost);
 * a dashboard opened over plain http on another host still has `getRandomValues`.
 */
function randomKey(): string {
  const { crypto } = globalThis;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** fetch rejects with a TypeError when no answer came (refused, reset, DNS); an abort is not retried. */
function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/** 0.5 s, 1 s, 2 s, … with jitter, at most 8 s. */
function backoff(attempt: number): Promise<void> {
  const ms = Math.min(8000, 500 * 2 ** attempt) * (0.5 + Math.random() / 2);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function credentialHeaders(credentials: GroupsplitCredentials): Record<string, string> {
  const headers: Record<string, string> = {};
  if (credentials.apiKey) headers['x-merchant-api-key'] = credentials.apiKey;
  if (credentials.bearer) headers.authorization = `Bearer ${credentials.bearer}`;
  if (credentials.mode) headers['x-service-mode'] = credentials.mode;
  if (credentials.merchantId) headers['x-service-merchant-id'] = credentials.merchantId;
  return headers;
}
