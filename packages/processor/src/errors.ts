import { stripePackage } from './stripe-package';

export type ProcessorErrorKind =
  | 'card_declined'
  | 'invalid_request'
  | 'idempotency'
  | 'rate_limit'
  | 'api'
  | 'connection'
  | 'authentication'
  | 'permission';

/**
 * Every failure of a processor call, in domain terms. `message` is the processor's own
 * text, verbatim (docs/spec.md, Errors: a failed hold answers with "the processor's own message").
 */
export class ProcessorError extends Error {
  override name = 'ProcessorError';
  readonly kind: ProcessorErrorKind;
  /** Safe to try the same call again (same idempotency key) later. */
  readonly retryable: boolean;
  readonly code: string | null;
  readonly declineCode: string | null;
  readonly statusCode: number | null;
  readonly param: string | null;
  readonly requestId: string | null;
  /** The PaymentIntent a card error concerns, when the processor names it. */
  readonly paymentIntentId: string | null;

  constructor(init: {
    kind: ProcessorErrorKind;
    message: string;
    retryable: boolean;
    code?: string | null;
    declineCode?: string | null;
    statusCode?: number | null;
    param?: string | null;
    requestId?: string | null;
    paymentIntentId?: string | null;
  }) {
    super(init.message);
    this.kind = init.kind;
    this.retryable = init.retryable;
    this.code = init.code ?? null;
    this.declineCode = init.declineCode ?? null;
    this.statusCode = init.statusCode ?? null;
    this.param = init.param ?? null;
    this.requestId = init.requestId ?? null;
    this.paymentIntentId = init.paymentIntentId ?? null;
  }

  /**
   * No answer came back (a timeout, a dropped connection), or the same key's first call is still
   * running: whether the call acted is unknown until it is asked again under its key. Every other
   * failure, 5xx included, is the processor's answer.
   */
  get unanswered(): boolean {
    return this.kind === 'connection' || this.code === 'idempotency_key_in_use';
  }

  /** Plain fields, for logs and for activity failure details. */
  toJSON() {
    return {
      kind: this.kind,
      message: this.message,
      retryable: this.retryable,
      code: this.code,
      declineCode: this.declineCode,
      statusCode: this.statusCode,
      param: this.param,
      requestId: this.requestId,
      paymentIntentId: this.paymentIntentId,
    };
  }
}

/** A webhook whose signature (or payload) did not verify; nothing in it may be acted on. */
export class ProcessorSignatureError extends Error {
  override name = 'ProcessorSignatureError';
}

export function isProcessorError(error: unknown): error is ProcessorError {
  return error instanceof ProcessorError;
}

/** Stripe's error `type` field (the wire value), when the response carried one. */
const KIND_BY_RAW_TYPE: Record<string, ProcessorErrorKind> = {
  card_error: 'card_declined',
  invalid_request_error: 'invalid_request',
  idempotency_error: 'idempotency',
  rate_limit_error: 'rate_limit',
  api_error: 'api',
  authentication_error: 'authentication',
};

/** The stripe package's error class, as a fallback. */
const KIND_BY_CLASS: Record<string, ProcessorErrorKind> = {
  StripeCardError: 'card_declined',
  StripeInvalidRequestError: 'invalid_request',
  StripeIdempotencyError: 'idempotency',
  StripeRateLimitError: 'rate_limit',
  StripeAPIError: 'api',
  StripeConnectionError: 'connection',
  StripeAuthenticationError: 'authentication',
  StripePermissionError: 'permission',
};

function kindOf(type: string, rawType: string | undefined, statusCode: number | null): ProcessorErrorKind {
  if (type === 'StripeConnectionError') return 'connection';
  if (statusCode === 401) return 'authentication';
  if (statusCode === 403) return 'permission';
  if (statusCode === 429) return 'rate_limit';
  if (statusCode !== null && statusCode >= 500 && rawType !== 'card_error') return 'api';
  return (rawType && KIND_BY_RAW_TYPE[rawType]) || KIND_BY_CLASS[type] || 'api';
}

/** Translates anything the stripe package throws into a ProcessorError. */
export function toProcessorError(error: unknown): ProcessorError {
  if (error instanceof ProcessorError) return error;
  if (error instanceof stripePackage().errors.StripeError) {
    const statusCode = typeof error.statusCode === 'number' ? error.statusCode : null;
    const kind = kindOf(error.type, error.rawType, statusCode);
    const retryable =
      kind === 'connection' ||
      kind === 'rate_limit' ||
      kind === 'api' ||
      (statusCode !== null && statusCode >= 500) ||
      // Another request with the same key is still running, or a lock timed out: try again shortly.
      error.code === 'idempotency_key_in_use' ||
      error.code === 'lock_timeout';
    const raw = error.raw as { payment_intent?: { id?: string } } | undefined;
    return new ProcessorError({
      kind,
      message: error.message,
      retryable: kind === 'card_declined' ? false : retryable,
      code: error.code ?? null,
      declineCode: error.decline_code ?? null,
      statusCode,
      param: error.param ?? null,
      requestId: error.requestId ?? null,
      paymentIntentId: raw?.payment_intent?.id ?? null,
    });
  }
  // Not from the stripe package (which wraps network failures itself): a bug, not worth retrying.
  const message = error instanceof Error ? error.message : String(error);
  return new ProcessorError({ kind: 'api', message, retryable: false });
}

/**
 * Runs a processor call, and again after each pause in `pausesMs` while it fails transiently (5xx,
 * rate limit, timeout). The caller's call must carry the same idempotency key every time, so a try
 * that went through is answered from the processor's memory rather than done twice.
 */
export async function retryTransientProcessorCall<T>(call: () => Promise<T>, pausesMs: readonly number[]): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const pause = pausesMs[attempt];
      if (pause === undefined || !toProcessorError(error).retryable) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
