import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type Config, HOP_BY_HOP_HEADERS } from '@groupsplit/shared';

/**
 * The Temporal UI's front (docs/runbook.md, "Reading histories in the Temporal UI"): one origin for the
 * operator's browser that serves the Temporal UI and, at `/codec/encode` and `/codec/decode`, the workers'
 * codec endpoint with `Authorization: Bearer <TEMPORAL_CODEC_TOKEN>` added here. The UI is configured with
 * `<front>/codec` as its codec endpoint, so the token is never in the UI's settings: the UI hands its
 * settings (`GET /api/v1/settings`) to anyone who can load it, and a token there was a token for the codec
 * endpoint from anywhere it is reachable. Whoever reaches the front can decode, as whoever reaches the UI
 * can read histories: keep it on loopback (compose) or behind `kubectl port-forward` (Kubernetes).
 *
 * Requests naming another host are refused (421), so a web page cannot reach it by DNS rebinding, and the
 * codec endpoint's own CORS rules (TEMPORAL_CODEC_CORS_ORIGINS) still decide which origins may read an
 * answer: the front passes the browser's Origin and preflight through unchanged.
 */
export type TemporalUiFrontSettings = Pick<Config, 'TEMPORAL_CODEC_TOKEN' | 'TEMPORAL_CODEC_CORS_ORIGINS'> & {
  /** The Temporal UI's own address (compose: http://temporal-ui:8080). */
  uiUrl: string;
  /** A worker's operations port (compose: http://worker:3020). */
  codecUrl: string;
  /** Host headers answered besides those of TEMPORAL_CODEC_CORS_ORIGINS (for example `temporal-ui.ops.internal`). */
  extraHosts?: readonly string[];
};

function forwardedHeaders(req: IncomingMessage): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP_HEADERS.has(name)) headers[name] = value;
  }
  return headers;
}

/** The hosts (`host[:port]`) the front answers for: the UI origins' and any extra. */
export function allowedHosts(settings: Pick<TemporalUiFrontSettings, 'TEMPORAL_CODEC_CORS_ORIGINS' | 'extraHosts'>) {
  const hosts = new Set<string>();
  for (const origin of settings.TEMPORAL_CODEC_CORS_ORIGINS.split(',')) {
    try {
      hosts.add(new URL(origin.trim()).host.toLowerCase());
    } catch {
      // Not an origin: nothing to allow.
    }
  }
  for (const host of settings.extraHosts ?? []) hosts.add(host.toLowerCase());
  return hosts;
}

function proxy(req: IncomingMessage, res: ServerResponse, target: URL, headers: Record<string, string | string[]>) {
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const upstream = send(target, { method: req.method, headers }, (answer) => {
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP_HEADERS.has(name)) out[name] = value;
    }
    res.writeHead(answer.statusCode ?? 502, out);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('The Temporal UI or the codec endpoint did not answer.');
  });
  req.pipe(upstream);
}

export function createTemporalUiFront(settings: TemporalUiFrontSettings) {
  const hosts = allowedHosts(settings);
  const uiBase = new URL(settings.uiUrl);
  const codecBase = new URL(settings.codecUrl);

  return function serveFront(req: IncomingMessage, res: ServerResponse): void {
    const host = (req.headers.host ?? '').toLowerCase();
    const path = req.url ?? '/';
    if (path === '/healthz' || path === '/readyz') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('ok');
      return;
    }
    if (!hosts.has(host)) {
      res
        .writeHead(421, { 'content-type': 'text/plain; charset=utf-8' })
        .end('This front answers only for the Temporal UI origins in TEMPORAL_CODEC_CORS_ORIGINS.');
      return;
    }
    const headers = forwardedHeaders(req);
    const codec = /^\/codec\/(encode|decode)(\?.*)?$/.exec(path);
    if (codec) {
      // Whatever the browser sent as credentials is not ours to pass on; the token is added here.
      delete headers.authorization;
      delete headers.cookie;
      if (req.method === 'POST') headers.authorization = `Bearer ${settings.TEMPORAL_CODEC_TOKEN}`;
      headers.host = codecBase.host;
      proxy(req, res, new URL(`/${codec[1]}`, codecBase), headers);
      return;
    }
    // The UI itself, as it is: it keeps its own CSRF checks and cookies.
    proxy(req, res, new URL(`${uiBase.origin}${path.startsWith('/') ? path : `/${path}`}`), headers);
  };
}
