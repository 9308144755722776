import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Config, temporalDataConverter } from '@groupsplit/shared';
import type { Payload } from '@temporalio/common';

/**
 * The Temporal codec endpoint (docs/runbook.md, "Reading histories in the Temporal UI"): POST /encode
 * and POST /decode in the codec-server JSON format, `{ payloads: [{ metadata: { <key>: <base64> },
 * data: <base64> }] }`, with the same data converter as every client and worker. Operators only: it
 * answers 401 without the codec token, which comes either as `Authorization: Bearer <token>` or,
 * because the Temporal UI cannot add a header of its own, as the path prefix `/codec/<token>` (the UI
 * posts to `<endpoint>/decode`). Browsers may call it from TEMPORAL_CODEC_CORS_ORIGINS only.
 */
export type CodecServerSettings = Pick<
  Config,
  'TEMPORAL_PAYLOAD_KEYS' | 'TEMPORAL_PAYLOAD_KEY_ID' | 'TEMPORAL_CODEC_TOKEN' | 'TEMPORAL_CODEC_CORS_ORIGINS'
>;

/** Temporal's own limit on one payload is 2 MB; a history page of them stays well under this. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;
const ALLOWED_HEADERS = 'Authorization, Content-Type, X-Namespace';

type WirePayload = { metadata?: Record<string, string> | null; data?: string | null };

const sha256 = (text: string) => createHash('sha256').update(text).digest();
const sameSecret = (given: string, expected: string) => timingSafeEqual(sha256(given), sha256(expected));

function fromWire(payload: WirePayload): Payload {
  const metadata: Record<string, Uint8Array> = {};
  for (const [key, value] of Object.entries(payload.metadata ?? {})) metadata[key] = Buffer.from(value, 'base64');
  return { metadata, data: Buffer.from(payload.data ?? '', 'base64') };
}

function toWire(payload: Payload): WirePayload {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload.metadata ?? {}))
    metadata[key] = Buffer.from(value).toString('base64');
  return { metadata, data: Buffer.from(payload.data ?? []).toString('base64') };
}

/**
 * A protobuf-JSON `temporal.api.common.v1.Payloads`, as the UI and Temporal's own remote codec (the CLI's
 * `--codec-endpoint`, the Go SDK) send it: protobuf JSON leaves out empty fields, so an empty list comes
 * as `{}`, a payload without data has no `data`, and any of them may be `null`. The payloads in it, or
 * null when it is not one (any other top-level field, a payload that is not an object, a value that is
 * not base64 text).
 */
function wirePayloads(body: unknown): WirePayload[] | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  // Payloads has one field: anything else (a misspelt `payload`) is not one.
  if (Object.keys(body).some((key) => key !== 'payloads')) return null;
  const listed = (body as { payloads?: unknown }).payloads;
  if (listed === undefined || listed === null) return [];
  if (!Array.isArray(listed)) return null;
  const valid = listed.every((payload) => {
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return false;
    const { metadata, data } = payload as WirePayload;
    const metadataOk =
      metadata === undefined ||
      metadata === null ||
      (typeof metadata === 'object' &&
        !Array.isArray(metadata) &&
        Object.values(metadata).every((value) => typeof value === 'string'));
    return metadataOk && (data === undefined || data === null || typeof data === 'string');
  });
  return valid ? (listed as WirePayload[]) : null;
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses `/decode`, `/encode` and their `/codec/<token>/…` forms into the operation and the path's token. */
function route(path: string): { operation: 'encode' | 'decode'; pathToken?: string } | null {
  const plain = /^\/(encode|decode)$/.exec(path);
  if (plain) return { operation: plain[1] as 'encode' | 'decode' };
  const withToken = /^\/codec\/([^/]+)\/(encode|decode)$/.exec(path);
  if (!withToken) return null;
  let pathToken = '';
  try {
    pathToken = decodeURIComponent(withToken[1]!);
  } catch {
    // Malformed %-escapes: no token, so a 401 rather than an exception in the worker.
  }
  return { operation: withToken[2] as 'encode' | 'decode', pathToken };
}

export function createCodecHandler(settings: CodecServerSettings) {
  const codec = temporalDataConverter(settings).payloadCodecs![0]!;
  const origins = new Set(
    settings.TEMPORAL_CODEC_CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  );

  /** Answers a codec request and returns true; false for any other request, which the caller handles. */
  return function serveCodec(req: IncomingMessage, res: ServerResponse): boolean {
    const path = req.url?.split('?')[0] ?? '';
    const matched = route(path);
    if (!matched) return false;
    const origin = req.headers.origin;
    const corsHeaders: Record<string, string> = { vary: 'Origin' };
    if (origin && origins.has(origin)) {
      Object.assign(corsHeaders, {
        'access-control-allow-origin': origin,
        // The UI's "Include cross-origin credentials" setting sends cookies and its access token.
        'access-control-allow-credentials': 'true',
      });
    }
    const answer = (status: number, body: unknown) =>
      res
        .writeHead(status, { ...corsHeaders, 'content-type': 'application/json', 'cache-control': 'no-store' })
        .end(JSON.stringify(body));

    if (req.method === 'OPTIONS') {
      // A preflight carries no credentials; it only learns whether this origin may ask.
      if (!origin || !origins.has(origin)) {
        answer(403, { error: 'Origin not allowed' });
        return true;
      }
      res
        .writeHead(204, {
          ...corsHeaders,
          'access-control-allow-methods': 'POST, OPTIONS',
          'access-control-allow-headers': ALLOWED_HEADERS,
          'access-control-max-age': '600',
        })
        .end();
      return true;
    }
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST, OPTIONS');
      answer(405, { error: 'Method not allowed' });
      return true;
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const given = matched.pathToken ?? bearer;
    if (given === undefined || !sameSecret(given, settings.TEMPORAL_CODEC_TOKEN)) {
      answer(401, { error: 'A valid codec token is required' });
      return true;
    }
    readBody(req)
      .then(async (text) => {
        if (text === null) return answer(413, { error: `Request body over ${MAX_BODY_BYTES} bytes` });
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          return answer(400, { error: 'Body is not JSON' });
        }
        const listed = wirePayloads(body);
        if (!listed) {
          return answer(400, {
            error:
              'Body must be a protobuf-JSON Payloads: {} or { payloads: [{ metadata: { key: base64 }, data: base64 }] }',
          });
        }
        const payloads = listed.map(fromWire);
        try {
          const done = matched.operation === 'encode' ? await codec.encode(payloads) : await codec.decode(payloads);
          return answer(200, { payloads: done.map(toWire) });
        } catch (error) {
          return answer(400, { error: (error as Error).message });
        }
      })
      .catch(() => answer(400, { error: 'Request could not be read' }));
    return true;
  };
}
