import { AppError, type ErrorDetail } from './app-error';

/**
 * Named error factories: the only way code outside this folder makes an AppError, so a
 * reader sees the HTTP meaning ("notFound", "conflict") instead of a bare status number.
 * Each takes the message first (from MESSAGES where the spec words it), then the code.
 */
type Extra = Record<string, unknown>;

export const badRequest = (message: string, code?: string, details?: ErrorDetail[], extra?: Extra) =>
  new AppError(400, message, code, details, extra);

/** 400 with per-field `details` (code `validation_failed` unless the spec gives none). */
export const validationFailed = (message: string, details?: ErrorDetail[], code: string | null = 'validation_failed') =>
  new AppError(400, message, code ?? undefined, details);

export const unauthorized = (message: string, code?: string) => new AppError(401, message, code);

/** 402: a card was refused (the pay step and billing). */
export const paymentRequired = (message: string, code: string) => new AppError(402, message, code);

export const forbidden = (message: string, code?: string) => new AppError(403, message, code);

/** 403 `business_forbidden`: a role that may not act, or a paused workspace. */
export const businessForbidden = (message: string) => new AppError(403, message, 'business_forbidden');

export const notFound = (message = 'Not found', code?: string) => new AppError(404, message, code);

export const conflict = (message: string, code?: string, extra?: Extra) =>
  new AppError(409, message, code, undefined, extra);

export const payloadTooLarge = () => new AppError(413, 'Request body is too large', 'payload_too_large');

export const tooManyRequests = (message: string, code?: string) => new AppError(429, message, code);

/** 500 with a message of our own (the error handler logs it; the body still says what failed). */
export const internalError = (message: string, code?: string) => new AppError(500, message, code);

/** 502: a service we depend on (processor, mail) refused or could not be reached. */
export const badGateway = (message: string, code?: string) => new AppError(502, message, code);

/** For a status passed through from elsewhere (the processor emulator mirrors Stripe's). */
export const errorWithStatus = (status: number, message: string, code?: string, extra?: Extra) =>
  new AppError(status, message, code, undefined, extra);
