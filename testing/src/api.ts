import { checkAgainstOpenApi } from './openapi-check';

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers; text: string };

export type RequestOptions = {
  body?: unknown;
  headers?: Record<string, string>;
  /** Bearer access token. */
  token?: string;
  /** Value of x-merchant-api-key. */
  apiKey?: string;
  /**
   * Client address the gateway should see (sent as X-Forwarded-For; test stacks trust
   * 127.0.0.1 as a proxy). Omitted: a fresh random address per request, so per-IP rate
   * limits only bite in the tests that are about them.
   */
  ip?: string;
};

/** An answer's text, and its JSON (the text itself when it is not JSON, an HTML page for example). */
export async function readAnswer(response: Response): Promise<{ text: string; body: unknown }> {
  const text = await response.text();
  try {
    return { text, body: text ? JSON.parse(text) : undefined };
  } catch {
    return { text, body: text };
  }
}

/** Checks one answer against docs/openapi.json (status and body); throws on a mismatch. */
export function checkAnswer(method: string, url: URL, response: Response, answer: { text: string; body: unknown }) {
  checkAgainstOpenApi({
    method,
    path: url.pathname,
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: answer.body,
    text: answer.text,
  });
}

const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/**
 * A thin fetch wrapper for talking to the gateway the way a merchant or buyer would. Every answer
 * is checked against docs/openapi.json (status and body); a mismatch fails the call.
 */
export function createApiClient(baseUrl: string) {
  async function call<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.apiKey) headers['x-merchant-api-key'] = options.apiKey;
    headers['x-forwarded-for'] ??= options.ip ?? randomIp();
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const url = new URL(path, baseUrl);
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    const answer = await readAnswer(response);
    checkAnswer(method, url, response, answer);
    return { status: response.status, body: answer.body as T, headers: response.headers, text: answer.text };
  }
  return {
    baseUrl,
    call,
    get: <T = any>(path: string, options?: RequestOptions) => call<T>('GET', path, options),
    post: <T = any>(path: string, body?: unknown, options?: RequestOptions) =>
      call<T>('POST', path, { ...options, body }),
    patch: <T = any>(path: string, body?: unknown, options?: RequestOptions) =>
      call<T>('PATCH', path, { ...options, body }),
    put: <T = any>(path: string, body?: unknown, options?: RequestOptions) =>
      call<T>('PUT', path, { ...options, body }),
    delete: <T = any>(path: string, options?: RequestOptions) => call<T>('DELETE', path, options),
  };
}
