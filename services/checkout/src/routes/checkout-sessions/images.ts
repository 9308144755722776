import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { checkOutboundUrl, type Logger } from '@groupsplit/shared';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** The spec's "about a dozen pictures per order"; later lines simply show no picture. */
export const MAX_IMAGES_PER_SESSION = 12;

export type FetchedImage = { id: string; contentType: string; bytes: Buffer };

/** Raster formats by magic bytes; SVG (text, can carry script) never matches. */
export function sniffImageType(bytes: Buffer): string | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
  const ascii = (text: string, offset: number) => bytes.toString('latin1', offset, offset + text.length) === text;
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii('GIF87a', 0) || ascii('GIF89a', 0)) return 'image/gif';
  if (ascii('RIFF', 0) && ascii('WEBP', 8)) return 'image/webp';
  if (ascii('ftyp', 4) && (ascii('avif', 8) || ascii('avis', 8))) return 'image/avif';
  return null;
}

function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

/**
 * GETs one picture as bytes. The shared safeFetch decodes bodies as UTF-8 text, which would
 * corrupt an image, so this applies the same outbound checks (checkOutboundUrl, connect only to
 * the checked address, no redirects) and keeps the raw bytes. Null for anything unusable.
 */
async function fetchImageBytes(rawUrl: string, options: { allowPrivate: boolean; timeoutMs: number }) {
  const check = await checkOutboundUrl(rawUrl, {
    allowPrivate: options.allowPrivate,
    unresolvable: 'refuse',
    resolveTimeoutMs: options.timeoutMs,
  });
  if (!check.ok) return null;
  const { url } = check;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Buffer | null>((resolve) => {
    let settled = false;
    const done = (value: Buffer | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    const req = send({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif' },
      lookup: pinnedLookup(check.addresses[0]!),
      agent: false,
    });
    const timer = setTimeout(() => {
      req.destroy();
      done(null);
    }, options.timeoutMs);
    req.on('error', () => done(null));
    req.on('response', (res: IncomingMessage) => {
      if (res.statusCode !== 200) {
        res.destroy();
        return done(null);
      }
      const declared = Number(res.headers['content-length'] ?? 0);
      if (declared > MAX_IMAGE_BYTES) {
        res.destroy();
        return done(null);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_IMAGE_BYTES) {
          res.destroy();
          return done(null);
        }
        chunks.push(chunk);
      });
      res.on('end', () => done(Buffer.concat(chunks)));
      res.on('error', () => done(null));
    });
    req.end();
  });
}

/**
 * Fetches each line's picture once, in parallel, at most a dozen per session. Anything that
 * fails (refused URL, slow host, too large, not a supported raster format) is left out silently.
 */
export async function fetchLineItemImages(
  imageUrls: (string | null | undefined)[],
  options: { allowPrivate: boolean; timeoutMs: number; logger: Logger },
): Promise<(FetchedImage | null)[]> {
  let budget = MAX_IMAGES_PER_SESSION;
  const wanted = imageUrls.map((url) => (url && budget-- > 0 ? url : null));
  return Promise.all(
    wanted.map(async (url) => {
      if (!url) return null;
      try {
        const bytes = await fetchImageBytes(url, options);
        const contentType = bytes ? sniffImageType(bytes) : null;
        if (!bytes || !contentType) {
          options.logger.info({ url }, 'line item image left out');
          return null;
        }
        return { id: randomUUID(), contentType, bytes };
      } catch (error) {
        options.logger.warn({ err: error, url }, 'line item image fetch failed');
        return null;
      }
    }),
  );
}
