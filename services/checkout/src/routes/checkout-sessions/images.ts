import { randomUUID } from 'node:crypto';
import {
  type Logger,
  loggableUrl,
  OutboundRequestError,
  type SafeFetchOptions,
  safeFetch,
  UnsafeUrlError,
} from '@groupsplit/shared';

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

const IMAGE_ACCEPT = 'image/avif,image/webp,image/png,image/jpeg,image/gif';

/**
 * GETs one picture as bytes through safeFetch (outbound checks, connect only to the checked
 * address, no redirects). Null for anything unusable: a refused URL, a failed or slow
 * exchange, an answer other than 200, or more than MAX_IMAGE_BYTES.
 */
type FetchOptions = { policy: Pick<SafeFetchOptions, 'allowPrivate' | 'ownPorts'>; timeoutMs: number };

async function fetchImageBytes(rawUrl: string, options: FetchOptions) {
  try {
    const res = await safeFetch(rawUrl, {
      method: 'GET',
      headers: { accept: IMAGE_ACCEPT },
      ...options.policy,
      timeoutMs: options.timeoutMs,
      resolveTimeoutMs: options.timeoutMs,
      maxResponseBytes: MAX_IMAGE_BYTES,
    });
    return res.status === 200 && !res.truncated ? res.bytes : null;
  } catch (error) {
    if (error instanceof UnsafeUrlError || error instanceof OutboundRequestError) return null;
    throw error;
  }
}

/**
 * Fetches each line's picture once, in parallel, at most a dozen per session. Anything that
 * fails (refused URL, slow host, too large, not a supported raster format) is left out silently.
 */
export async function fetchLineItemImages(
  imageUrls: (string | null | undefined)[],
  /** `policy`: outboundPolicyFor the session's mode, the checks live webhook URLs get. */
  options: FetchOptions & { logger: Logger },
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
          options.logger.info({ url: loggableUrl(url) }, 'line item image left out');
          return null;
        }
        return { id: randomUUID(), contentType, bytes };
      } catch (error) {
        options.logger.warn({ err: error, url: loggableUrl(url) }, 'line item image fetch failed');
        return null;
      }
    }),
  );
}
