/** Why a received webhook was refused; `reason` is stable, the message is for people. */
export type WebhookVerificationFailure =
  /** The signature header is not `t=<unix seconds>,v1=<hex>[,v1=<hex>…]`: no or a non-numeric `t`, a part without `=`. */
  | 'malformed_header'
  /** No header at all, or a header with no `v1` value: nothing to check the body against. */
  | 'no_signature'
  /** No `v1` value is the HMAC of this body with this secret (tampered body, wrong or rotated secret). */
  | 'signature_mismatch'
  /** Genuine, but signed further from the receiver's clock than the tolerance allows: a replay or a skewed clock. */
  | 'timestamp_out_of_tolerance'
  /** Genuinely signed, but the body is not a JSON event envelope. */
  | 'malformed_body';

const MESSAGES: Record<WebhookVerificationFailure, string> = {
  malformed_header: 'The X-Service-Signature header is not in the form t=<unix seconds>,v1=<hex>',
  no_signature: 'The request carries no X-Service-Signature v1 value',
  signature_mismatch: 'No v1 signature matches this body and secret',
  timestamp_out_of_tolerance: 'The signature timestamp is outside the tolerance (a replayed or delayed request)',
  malformed_body: 'The signed body is not a JSON webhook event',
};

export class WebhookVerificationError extends Error {
  readonly reason: WebhookVerificationFailure;

  constructor(reason: WebhookVerificationFailure) {
    super(MESSAGES[reason]);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
  }
}
