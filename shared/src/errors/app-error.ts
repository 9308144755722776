/** One place that says what a domain failure looks like on the wire: `{ error, code?, details? }`. */
export type ErrorDetail = { field: string; message: string };

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

  toBody(): Record<string, unknown> {
    return {
      ...(this.extra ?? {}),
      error: this.message,
      ...(this.code ? { code: this.code } : {}),
      ...(this.details ? { details: this.details } : {}),
    };
  }
}
