/** One place that says what a domain failure looks like on the wire: `{ error, code?, details? }`. */
export type ErrorDetail = { field: string; message: string };

/**
 * At most this many `details` are sent; the body says how many more there were in `details_truncated`
 * (docs/errors.md, "Bounded answers"), so a body with thousands of bad fields gets an answer of bounded size.
 */
export const MAX_ERROR_DETAILS = 20;

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: ErrorDetail[],
    /** Extra top-level fields some errors of docs/spec.md (Errors) carry (for example `status` or `business_name`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** What the caller can do about it (docs/errors.md, "Request id, docs link and hint"); additive, beside the spec's `error`. */
  hint?: string;

  /** This error with a hint (added after any it has); returns the same error, for `throw error.withHint(…)`. */
  withHint(hint: string | undefined): this {
    if (hint) this.hint = this.hint ? `${this.hint} ${hint}` : hint;
    return this;
  }

  toBody(): Record<string, unknown> {
    return {
      ...(this.extra ?? {}),
      error: this.message,
      ...(this.code ? { code: this.code } : {}),
      ...(this.details ? { details: this.details.slice(0, MAX_ERROR_DETAILS) } : {}),
      ...(this.details && this.details.length > MAX_ERROR_DETAILS
        ? { details_truncated: this.details.length - MAX_ERROR_DETAILS }
        : {}),
      ...(this.hint ? { hint: this.hint } : {}),
    };
  }
}
