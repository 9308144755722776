/** One place that says what a domain failure looks like on the wire: `{ error, code?, details? }`. */
export type ErrorDetail = { field: string; message: string };

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: ErrorDetail[],
    /** Extra top-level fields some spec errors carry (for example `status` or `business_name`). */
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

export const badRequest = (message: string, code?: string, details?: ErrorDetail[]) =>
  new AppError(400, message, code, details);
export const unauthorized = (message: string, code?: string) => new AppError(401, message, code);
export const forbidden = (message: string, code?: string) => new AppError(403, message, code);
export const notFound = (message = 'Not found', code?: string) => new AppError(404, message, code);
export const conflict = (message: string, code?: string, extra?: Record<string, unknown>) =>
  new AppError(409, message, code, undefined, extra);
export const tooManyRequests = (message: string, code?: string) => new AppError(429, message, code);

export const UNHANDLED_ERROR_MESSAGE = 'Something went wrong!';
