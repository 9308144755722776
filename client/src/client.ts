import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './schema';

export type ServiceMode = 'test' | 'live';

export type GroupsplitClientOptions = {
  /** Where the API is: `http://localhost:3000` under `npm start`. Paths in calls start with `/api`. */
  baseUrl: string;
  /** A server's API key (`svc_test_…` / `svc_prod_…`), sent as `x-merchant-api-key`. Never put it in a web page. */
  apiKey?: string;
  /** A signed-in person's access token (from `POST /api/auth/email/verify`), sent as `Authorization: Bearer …`. */
  bearer?: string;
  /** Sent as `X-Service-Mode`: which mode's settings, credentials and gates a session call reads or changes. */
  mode?: ServiceMode;
  /** Sent as `x-service-merchant-id`: the business a login in several businesses acts for. */
  merchantId?: string;
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
  const headers: Record<string, string> = {};
  if (options.apiKey) headers['x-merchant-api-key'] = options.apiKey;
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  if (options.mode) headers['x-service-mode'] = options.mode;
  if (options.merchantId) headers['x-service-merchant-id'] = options.merchantId;
  const { headers: extra, ...rest } = options.fetchOptions ?? {};
  return createClient<paths>({
    ...rest,
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { ...headers, ...(extra as Record<string, string> | undefined) },
  });
}
