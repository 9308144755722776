/** An error in Stripe's wire shape: `{ error: { type, code, decline_code, message, param, ... } }`. */
export type StripeErrorType =
  | 'card_error'
  | 'invalid_request_error'
  | 'api_error'
  | 'idempotency_error'
  | 'rate_limit_error'
  | 'authentication_error';

const STATUS_BY_TYPE: Record<StripeErrorType, number> = {
  card_error: 402,
  invalid_request_error: 400,
  api_error: 500,
  idempotency_error: 400,
  rate_limit_error: 429,
  authentication_error: 401,
};

export const defaultStatus = (type: string) => STATUS_BY_TYPE[type as StripeErrorType] ?? 500;

export class EmulatorError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | undefined;
  readonly declineCode: string | undefined;
  readonly param: string | undefined;
  readonly extra: Record<string, unknown>;
  /** False for failures that happen before the request "executes" (validation, injected faults): not remembered for idempotent replay. */
  readonly replayable: boolean;
  /** Stripe-Should-Retry header value, when the emulator has an opinion. */
  readonly shouldRetry: boolean | undefined;

  constructor(init: {
    type: string;
    message: string;
    status?: number;
    code?: string;
    declineCode?: string;
    param?: string;
    extra?: Record<string, unknown>;
    replayable?: boolean;
    shouldRetry?: boolean;
  }) {
    super(init.message);
    this.type = init.type;
    this.status = init.status ?? defaultStatus(init.type);
    this.code = init.code;
    this.declineCode = init.declineCode;
    this.param = init.param;
    this.extra = init.extra ?? {};
    this.replayable = init.replayable ?? true;
    this.shouldRetry = init.shouldRetry;
  }

  toBody() {
    return {
      error: {
        ...(this.code ? { code: this.code } : {}),
        ...(this.declineCode ? { decline_code: this.declineCode } : {}),
        ...(this.code ? { doc_url: `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}` } : {}),
        message: this.message,
        ...(this.param ? { param: this.param } : {}),
        ...this.extra,
        type: this.type,
      },
    };
  }
}

export const invalidRequest = (message: string, options: { code?: string; param?: string; status?: number } = {}) =>
  new EmulatorError({ type: 'invalid_request_error', message, ...options });

/** A request that fails validation never executes, so Stripe does not remember it under the idempotency key. */
export const invalidParam = (param: string, message: string, code = 'parameter_invalid_string') =>
  new EmulatorError({ type: 'invalid_request_error', message, code, param, replayable: false });

export const missingParam = (param: string) =>
  new EmulatorError({
    type: 'invalid_request_error',
    message: `Missing required param: ${param}.`,
    code: 'parameter_missing',
    param,
    replayable: false,
  });

export const noSuch = (kind: string, id: string, param?: string) =>
  new EmulatorError({
    type: 'invalid_request_error',
    status: 404,
    message: `No such ${kind}: '${id}'`,
    code: 'resource_missing',
    param,
    replayable: false,
  });
