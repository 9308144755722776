import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signing and verifying outbound webhooks. The verify half depends on nothing but
 * node:crypto so a merchant can copy it into their own code (docs/webhooks.md).
 *
 * Header: `X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
 * More than one v1 may appear; a request is genuine if any of them matches.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Service-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'X-Service-Event-Id';
export const WEBHOOK_ATTEMPT_HEADER = 'X-Service-Attempt';

/** How far the signed timestamp may be from the receiver's clock before a request is refused. */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

export function webhookSignatureHex(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The header value for a body signed at `timestamp` with each of `secrets`, in order. */
export function signWebhookPayload(secrets: string | readonly string[], rawBody: string | Buffer, timestamp: number) {
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  if (list.length === 0) throw new Error('At least one webhook secret is needed to sign');
  return [`t=${timestamp}`, ...list.map((secret) => `v1=${webhookSignatureHex(secret, timestamp, rawBody)}`)].join(',');
}

export type WebhookVerification =
  | { ok: true; timestamp: number }
  | {
      ok: false;
      reason: 'missing_header' | 'malformed_header' | 'timestamp_out_of_tolerance' | 'no_matching_signature';
    };

/**
 * Checks a received webhook. Pass the body exactly as received (before JSON parsing),
 * the whole `X-Service-Signature` header and your webhook secret.
 */
export function verifyWebhookSignature(options: {
  rawBody: string | Buffer;
  header: string | undefined | null;
  secret: string;
  toleranceSeconds?: number;
  /** Receiver's clock in unix seconds; defaults to now. */
  now?: number;
}): WebhookVerification {
  if (!options.header) return { ok: false, reason: 'missing_header' };
  let timestamp: number | undefined;
  const candidates: string[] = [];
  for (const part of options.header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value) candidates.push(value);
  }
  if (timestamp === undefined || candidates.length === 0) return { ok: false, reason: 'malformed_header' };
  const tolerance = options.toleranceSeconds ?? DEFAULT_SIGNATURE_TOLERANCE_SECONDS;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > tolerance) return { ok: false, reason: 'timestamp_out_of_tolerance' };
  const expected = Buffer.from(webhookSignatureHex(options.secret, timestamp, options.rawBody), 'hex');
  // Every candidate is compared in constant time; a wrong-length value simply does not match.
  const matched = candidates.some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matched ? { ok: true, timestamp } : { ok: false, reason: 'no_matching_signature' };
}
