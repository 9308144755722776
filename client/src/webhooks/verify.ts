import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookVerificationError } from './errors';
import type { WebhookEvent } from './events';

/** How far a signature's `t` may be from the receiver's clock, either way (docs/webhooks.md). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export type VerifyWebhookOptions = {
  /** Largest accepted distance between the signature's `t` and `now`, in seconds. */
  toleranceSeconds?: number;
  /** The receiver's clock, in unix seconds; defaults to the current time. */
  now?: number;
};

type ParsedHeader = { timestamp: number; signatures: Buffer[] };

/** The header as Node (`string | string[] | undefined`), fetch's `Headers.get` (`string | null`) or Koa gives it. */
export type SignatureHeader = string | readonly string[] | null | undefined;

/**
 * `t=<unix seconds>,v1=<hex>,v1=<hex>…`. Several `v1` values may appear (a request is genuine if any
 * matches); unknown schemes (`v0=…`) are ignored so that a future scheme does not break this one.
 */
function parseSignatureHeader(given: SignatureHeader): ParsedHeader {
  // Node types a header as string | string[]; one sent twice arrives as both values.
  const header = Array.isArray(given) ? given.join(',') : given;
  if (typeof header !== 'string' || header.trim() === '') throw new WebhookVerificationError('missing_header');
  const timestamps: string[] = [];
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator <= 0) throw new WebhookVerificationError('malformed_header');
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === 't') timestamps.push(value);
    // A value that is not hex cannot be a signature; it is kept as an empty buffer, which matches nothing.
    if (key === 'v1') signatures.push(/^[0-9a-f]+$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.alloc(0));
  }
  if (timestamps.length !== 1 || !/^\d{1,12}$/.test(timestamps[0]!))
    throw new WebhookVerificationError('malformed_header');
  if (signatures.length === 0) throw new WebhookVerificationError('malformed_header');
  return { timestamp: Number(timestamps[0]), signatures };
}

/** The service's signature: hex HMAC-SHA256, keyed on the webhook secret, of `<t>.<raw body>`. */
function expectedSignature(secret: string, timestamp: number, rawBody: string | Uint8Array): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
}

function parseEvent(rawBody: string | Uint8Array): WebhookEvent {
  let event: unknown;
  try {
    event = JSON.parse(typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8'));
  } catch {
    throw new WebhookVerificationError('malformed_body');
  }
  const envelope = event as Partial<WebhookEvent> | null;
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) {
    throw new WebhookVerificationError('malformed_body');
  }
  if (typeof envelope.id !== 'string' || typeof envelope.type !== 'string') {
    throw new WebhookVerificationError('malformed_body');
  }
  return envelope as WebhookEvent;
}

/**
 * Checks a webhook the service sent and returns its event. Pass the body exactly as received (the raw
 * bytes, before any JSON parsing), the whole `X-Service-Signature` header and the mode's webhook secret.
 * The header may be Node's `string | string[] | undefined` and the secret `process.env`'s
 * `string | undefined`: every failure, an unset secret or a parsed body included, throws a
 * `WebhookVerificationError` whose `reason` says why the request must be refused and whose `hint`
 * says what to check.
 *
 * Every `v1` value is compared with `crypto.timingSafeEqual`, so the time taken does not tell an
 * attacker how much of a guess was right. The signature is checked before the timestamp, so that a
 * forged request reads `no_matching_signature` and a genuine but old one `timestamp_out_of_tolerance`.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  signatureHeader: SignatureHeader,
  secret: string | null | undefined,
  { toleranceSeconds = DEFAULT_TOLERANCE_SECONDS, now }: VerifyWebhookOptions = {},
): WebhookEvent {
  // JavaScript callers (and `any`) can pass anything: each wrong input is a reason, never a TypeError.
  if (typeof secret !== 'string' || secret.trim() === '') throw new WebhookVerificationError('missing_secret');
  if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array))
    throw new WebhookVerificationError('parsed_body');
  const { timestamp, signatures } = parseSignatureHeader(signatureHeader);
  const expected = expectedSignature(secret, timestamp, rawBody);
  let matched = false;
  for (const given of signatures) {
    // Every value is compared (no early exit); a value of the wrong length cannot match.
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  }
  if (!matched) throw new WebhookVerificationError('no_matching_signature');
  const clock = now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(clock - timestamp) > toleranceSeconds) throw new WebhookVerificationError('timestamp_out_of_tolerance');
  return parseEvent(rawBody);
}
