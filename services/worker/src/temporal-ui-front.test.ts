import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ENCRYPTED_ENCODING, loadConfig } from '@groupsplit/shared';
import { createCodecHandler } from './codec-server';
import { createTemporalUiFront } from './temporal-ui-front';

/**
 * docs/runbook.md, "Reading histories in the Temporal UI": the Temporal UI's front serves the UI and the
 * workers' codec endpoint on one origin and adds the codec token itself, so the UI (and its public
 * settings) never holds it. Run against the test run's own Temporal UI (the dev server's).
 */
const UI = process.env.TEMPORAL_UI_URL ?? '';
const config = loadConfig();
const b64 = (text: string) => Buffer.from(text).toString('base64');

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

/** A raw request, so the Host header can be anything (fetch sets its own). */
function send(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
) {
  return new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe("the Temporal UI's front", () => {
  let codecServer: Server;
  let frontServer: Server;
  let frontPort: number;
  const seenByCodec: { path: string; authorization?: string }[] = [];
  const uiOrigin = 'http://localhost:8233';
  beforeAll(async () => {
    const serveCodec = createCodecHandler({ ...config, TEMPORAL_CODEC_CORS_ORIGINS: uiOrigin });
    codecServer = createServer((req, res) => {
      seenByCodec.push({ path: req.url ?? '', authorization: req.headers.authorization });
      if (!serveCodec(req, res)) res.writeHead(404).end();
    });
    const codecPort = await listen(codecServer);
    frontServer = createServer(
      createTemporalUiFront({
        ...config,
        TEMPORAL_CODEC_CORS_ORIGINS: uiOrigin,
        uiUrl: UI,
        codecUrl: `http://127.0.0.1:${codecPort}`,
      }),
    );
    frontPort = await listen(frontServer);
  });
  afterAll(async () => {
    for (const server of [frontServer, codecServer]) await new Promise((resolve) => server?.close(resolve));
  });

  const asUi = { host: 'localhost:8233' };

  it('serves the Temporal UI, its settings included, for the UI origin’s host', async () => {
    const settings = await send(frontPort, '/api/v1/settings', { headers: asUi });
    expect(settings.status).toBe(200);
    expect(JSON.parse(settings.body)).toHaveProperty('Codec');
    expect(settings.body).not.toContain(config.TEMPORAL_CODEC_TOKEN);
    const page = await send(frontPort, '/', { headers: asUi });
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<html/i);
  });

  it('decodes at /codec/decode with the token it adds, whatever credentials the browser sent', async () => {
    const typed = { metadata: { encoding: b64('json/plain') }, data: b64('{"email":"ada@example.test"}') };
    const sealed = await send(frontPort, '/codec/encode', {
      method: 'POST',
      headers: { ...asUi, 'content-type': 'application/json', 'x-namespace': 'default' },
      body: JSON.stringify({ payloads: [typed] }),
    });
    expect(sealed.status).toBe(200);
    const payloads = (JSON.parse(sealed.body) as { payloads: { metadata: Record<string, string> }[] }).payloads;
    expect(Buffer.from(payloads[0]!.metadata.encoding!, 'base64').toString()).toBe(ENCRYPTED_ENCODING);

    const opened = await send(frontPort, '/codec/decode', {
      method: 'POST',
      headers: {
        ...asUi,
        origin: uiOrigin,
        'content-type': 'application/json',
        authorization: 'Bearer not-the-codec-token',
        cookie: 'session=browser',
      },
      body: JSON.stringify({ payloads }),
    });
    expect(opened.status).toBe(200);
    expect(JSON.parse(opened.body)).toEqual({ payloads: [typed] });
    expect(opened.headers['access-control-allow-origin']).toBe(uiOrigin);
    expect(seenByCodec.filter((call) => call.path === '/decode').map((call) => call.authorization)).toEqual([
      `Bearer ${config.TEMPORAL_CODEC_TOKEN}`,
    ]);
  });

  it("leaves CORS to the codec endpoint: the UI origin's preflight passes, another origin's does not", async () => {
    const preflight = (origin: string) =>
      send(frontPort, '/codec/decode', {
        method: 'OPTIONS',
        headers: {
          ...asUi,
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-namespace',
        },
      });
    expect((await preflight(uiOrigin)).status).toBe(204);
    const other = await preflight('https://evil.example');
    expect(other.status).toBe(403);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    // A preflight carries no token: the front adds it to POSTs only.
    expect(seenByCodec.filter((call) => call.authorization === undefined).map((call) => call.path)).toEqual([
      '/decode',
      '/decode',
    ]);
  });

  it('answers no other host (a page reaching it by DNS rebinding gets nothing), and only its own paths', async () => {
    for (const host of ['evil.example:8233', 'localhost:9999', '127.0.0.1:8233.evil.example']) {
      const refused = await send(frontPort, '/codec/decode', {
        method: 'POST',
        headers: { host, 'content-type': 'application/json' },
        body: '{}',
      });
      expect([host, refused.status]).toEqual([host, 421]);
      expect((await send(frontPort, '/api/v1/settings', { headers: { host } })).status).toBe(421);
    }
    // A path that looks like another host stays on the UI.
    const odd = await send(frontPort, '//evil.example/x', { headers: asUi });
    expect(odd.status).not.toBe(502);
    expect((await send(frontPort, '/healthz', { headers: { host: 'anything' } })).status).toBe(200);
  });
});
