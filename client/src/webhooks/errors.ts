/** Why a received webhook was refused; `reason` is stable, the message and hint are for people. */
export type WebhookVerificationFailure =
  /** No secret was passed (`process.env.GROUPSPLIT_WEBHOOK_SECRET` unset, or empty). */
  | 'missing_secret'
  /** No `X-Service-Signature` header at all, or an empty one. */
  | 'missing_header'
  /** The body is not the raw bytes or text as received: already parsed (an object), or nothing at all. */
  | 'parsed_body'
  /** The header is not `t=<unix seconds>,v1=<hex>[,v1=<hex>…]`: no or a non-numeric `t`, a part without `=`, no `v1`. */
  | 'malformed_header'
  /** No `v1` value is the HMAC of this body with this secret (changed body, wrong mode's or rotated secret). */
  | 'no_matching_signature'
  /** Genuine, but signed further from the receiver's clock than the tolerance allows: a replay or a skewed clock. */
  | 'timestamp_out_of_tolerance'
  /** Genuinely signed, but the body is not a JSON event envelope. */
  | 'malformed_body';

/** Where the signature scheme is described: a path on the API's origin (`/docs`, "Signing"). */
export const WEBHOOK_SIGNING_DOC_URL = '/docs#signing';

const MESSAGES: Record<WebhookVerificationFailure, { message: string; hint: string }> = {
  missing_secret: {
    message: 'No webhook secret was given to verify with',
    hint:
      "Pass the webhook secret of the event's mode (GET /api/merchants/credentials with X-Service-Mode: test for " +
      'the test one); check that the environment variable holding it is set in this process.',
  },
  missing_header: {
    message: 'The request carries no X-Service-Signature header',
    hint:
      "Pass the request's X-Service-Signature header (request.headers['x-service-signature'] in Node); a request " +
      'without one was not sent by groupsplit.',
  },
  parsed_body: {
    message: 'The body must be the raw request body (a Buffer, Uint8Array or string), not a parsed object',
    hint:
      'Read this route\'s body raw (express.raw({ type: "application/json" }), or the bytes before any JSON ' +
      'middleware): the signature covers the exact bytes sent, which re-serialised JSON does not reproduce.',
  },
  malformed_header: {
    message: 'The X-Service-Signature header is not in the form t=<unix seconds>,v1=<hex>',
    hint: 'Pass the whole X-Service-Signature header exactly as received, not a part of it.',
  },
  no_matching_signature: {
    message: 'No v1 signature matches this body and secret',
    hint:
      'Check three things: the body is the raw bytes as received (not parsed and re-serialised JSON); the secret is ' +
      "the one of the event's mode (test and live differ); and it is the current one (a rotated-out secret stops " +
      'verifying at once).',
  },
  timestamp_out_of_tolerance: {
    message: 'The signature timestamp is outside the tolerance (a replayed or delayed request)',
    hint: "Refuse it. If genuine deliveries land here, check this server's clock (it must be within 5 minutes).",
  },
  malformed_body: {
    message: 'The signed body is not a JSON webhook event',
    hint: 'The body was signed by this secret but is not an event envelope ({ id, type, … }): do not act on it.',
  },
};

export class WebhookVerificationError extends Error {
  readonly reason: WebhookVerificationFailure;
  /** What to do about it, for a log line or a developer; not stable, never branch on it. */
  readonly hint: string;
  /** Where the signature scheme is described, on the API's origin. */
  readonly docUrl: string = WEBHOOK_SIGNING_DOC_URL;

  constructor(reason: WebhookVerificationFailure) {
    super(MESSAGES[reason].message);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
    this.hint = MESSAGES[reason].hint;
  }
}
