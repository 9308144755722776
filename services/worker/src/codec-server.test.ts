import { createDb, createLogger, type Db, ENCRYPTED_ENCODING, loadConfig } from '@groupsplit/shared';
import { createCodecHandler } from './codec-server';
import { startWorkerMetricsServer } from './metrics';

/**
 * The codec endpoint the Temporal UI decodes histories through (docs/runbook.md), on the worker's
 * operations port: operators only (the codec token), and browsers from the UI's origin only. That the
 * histories themselves hold no secret: services/checkout/src/payload-encryption.test.ts.
 */
const UI_ORIGIN = 'http://localhost:8233';
const config = loadConfig();
type WirePayload = { metadata: Record<string, string>; data: string };
const b64 = (text: string) => Buffer.from(text).toString('base64');
const unb64 = (text: string | undefined) => Buffer.from(text ?? '', 'base64').toString('utf8');

describe('the codec endpoint', () => {
  let db: Db;
  let server: Awaited<ReturnType<typeof startWorkerMetricsServer>>;
  let base: string;
  beforeAll(async () => {
    db = createDb(config.DATABASE_URL, 1);
    server = await startWorkerMetricsServer({
      db,
      logger: createLogger('codec-test', 'silent'),
      port: 0,
      codec: createCodecHandler(config),
    });
    base = server.url.replace(/\/metrics$/, '');
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.server.close(() => resolve()));
    await db.destroy();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-namespace': 'default', ...headers },
      body: JSON.stringify(body),
    });
  const bearer = () => ({ authorization: `Bearer ${config.TEMPORAL_CODEC_TOKEN}` });
  const payloadsOf = async (res: Response) => ((await res.json()) as { payloads: WirePayload[] }).payloads;
  const typed = { metadata: { encoding: b64('json/plain') }, data: b64('{"email":"ada@example.test"}') };

  it('answers 401 without the codec token or with another one', async () => {
    const body = { payloads: [] };
    expect((await post('/decode', body)).status).toBe(401);
    expect((await post('/encode', body)).status).toBe(401);
    expect((await post('/decode', body, { authorization: 'Bearer not-the-codec-token' })).status).toBe(401);
    expect((await post('/codec/not-the-codec-token/decode', body)).status).toBe(401);
    expect((await post('/codec/%E0%A4%A/decode', body)).status).toBe(401);
    const refused = await post('/decode', body, { authorization: config.TEMPORAL_CODEC_TOKEN });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'A valid codec token is required' });
  });

  it('encodes with the current key, decodes back, passes plain payloads through and refuses tampering', async () => {
    const encoded = await post('/encode', { payloads: [typed] }, bearer());
    expect(encoded.status).toBe(200);
    const sealed = await payloadsOf(encoded);
    expect(unb64(sealed[0]!.metadata.encoding)).toBe(ENCRYPTED_ENCODING);
    expect(unb64(sealed[0]!.metadata['encryption-key-id'])).toBe('dev');
    expect(unb64(sealed[0]!.data)).not.toContain('ada@example.test');

    const decoded = await post('/decode', { payloads: [...sealed, typed] }, bearer());
    expect(decoded.status).toBe(200);
    expect(await payloadsOf(decoded)).toEqual([typed, typed]);
    // The path form the Temporal UI is configured with (it cannot send a header of its own).
    const viaPath = await post(`/codec/${config.TEMPORAL_CODEC_TOKEN}/decode`, { payloads: sealed });
    expect(viaPath.status).toBe(200);
    expect(await payloadsOf(viaPath)).toEqual([typed]);

    const tampered = { ...sealed[0]!, data: b64('not what was sealed, and long enough to be read') };
    const refused = await post('/decode', { payloads: [tampered] }, bearer());
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/could not be decrypted/);
    expect((await post('/decode', { payload: [] }, bearer())).status).toBe(400);
  });

  it("accepts any protobuf-JSON Payloads, as Temporal's remote codec (the CLI's --codec-endpoint) sends it", async () => {
    // protobuf JSON leaves out an empty list: the CLI sends an empty Payloads as {}.
    for (const operation of ['/decode', '/encode']) {
      for (const empty of [{}, { payloads: [] }, { payloads: null }]) {
        const answered = await post(operation, empty, bearer());
        expect([operation, empty, answered.status]).toEqual([operation, empty, 200]);
        expect(await answered.json()).toEqual({ payloads: [] });
      }
    }
    // A payload with empty data (binary/null) has no `data`; one with no metadata has no `metadata`.
    const nothing = { metadata: { encoding: b64('binary/null') } };
    const sealed = await payloadsOf(await post('/encode', { payloads: [nothing, {}] }, bearer()));
    expect(sealed.map((payload) => unb64(payload.metadata.encoding))).toEqual([ENCRYPTED_ENCODING, ENCRYPTED_ENCODING]);
    const opened = await post('/decode', { payloads: [...sealed, { data: null, metadata: null }] }, bearer());
    expect(opened.status).toBe(200);
    expect(await payloadsOf(opened)).toEqual([
      { ...nothing, data: '' },
      { metadata: {}, data: '' },
      { metadata: {}, data: '' },
    ]);
    // Base64 in its URL-safe, unpadded spelling (protobuf JSON accepts both) reads the same.
    const urlSafe = sealed.map((payload) => ({
      metadata: payload.metadata,
      data: Buffer.from(payload.data, 'base64').toString('base64url'),
    }));
    expect(await payloadsOf(await post('/decode', { payloads: urlSafe }, bearer()))).toEqual([
      { ...nothing, data: '' },
      { metadata: {}, data: '' },
    ]);
    // Still refused: what is not a Payloads at all.
    for (const wrong of [
      [],
      'payloads',
      { payloads: {} },
      { payloads: [null] },
      { payloads: [{ data: 7 }] },
      { payloads: [{ metadata: ['x'] }] },
    ]) {
      const refused = await post('/decode', wrong, bearer());
      expect([wrong, refused.status]).toEqual([wrong, 400]);
    }
  });

  it("answers the Temporal UI's CORS preflight from its origin, and no other", async () => {
    const preflight = (origin: string) =>
      fetch(`${base}/decode`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,x-namespace',
        },
      });
    const allowed = await preflight(UI_ORIGIN);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(UI_ORIGIN);
    expect(allowed.headers.get('access-control-allow-methods')).toContain('POST');
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase().split(/,\s*/)).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'x-namespace']),
    );
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');

    const other = await preflight('https://evil.example');
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();

    const answered = await post('/decode', { payloads: [] }, { ...bearer(), origin: UI_ORIGIN });
    expect(answered.status).toBe(200);
    expect(answered.headers.get('access-control-allow-origin')).toBe(UI_ORIGIN);
  });
});
