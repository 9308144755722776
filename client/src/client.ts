import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
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
};

export type GroupsplitClient = Client<paths>;

/**
 * A typed client for the whole public API, generated from docs/openapi.json: every path, parameter,
 * body and answer is checked by TypeScript. Calls return `{ data, error, response }` (openapi-fetch);
 * `unwrap` turns them into the data or a thrown `GroupsplitApiError`.
 *
 * ```ts
 * const groupsplit = createGroupsplitClient({ baseUrl, apiKey: process.env.GROUPSPLIT_API_KEY });
 * const session = unwrap(await groupsplit.POST('/api/merchants/checkout/sessions', { body: { amount: 30, return_url } }));
 * ```
 */
export function createGroupsplitClient(options: GroupsplitClientOptions): GroupsplitClient {
  const { headers: extra, ...rest } = options.fetchOptions ?? {};
  const client = createClient<paths>({
    ...rest,
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { ...credentialHeaders(options), ...(extra as Record<string, string> | undefined) },
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

function credentialHeaders(credentials: GroupsplitCredentials): Record<string, string> {
  const headers: Record<string, string> = {};
  if (credentials.apiKey) headers['x-merchant-api-key'] = credentials.apiKey;
  if (credentials.bearer) headers.authorization = `Bearer ${credentials.bearer}`;
  if (credentials.mode) headers['x-service-mode'] = credentials.mode;
  if (credentials.merchantId) headers['x-service-merchant-id'] = credentials.merchantId;
  return headers;
}
