import { AppError, type ErrorDetail } from './app-error';
import { MESSAGES } from './messages';
import { stableErrorCode } from './stable-codes';

/**
 * Named error factories: the only way code outside this folder makes an AppError, so a
 * reader sees the HTTP meaning ("notFound", "conflict") instead of a bare status number.
 * Each takes the message first (from MESSAGES where docs/spec.md, Errors, words it), then the code.
 */
type Extra = Record<string, unknown>;
type Parts = { code?: string; details?: ErrorDetail[]; extra?: Extra };

/** The one place an AppError is constructed. */
const appError = (status: number, message: string, { code, details, extra }: Parts = {}) =>
  new AppError(status, message, code, details, extra);

export const badRequest = (message: string, code?: string, details?: ErrorDetail[], extra?: Extra) =>
  appError(400, message, { code, details, extra });

/** 400 with per-field `details` (code `validation_failed` unless docs/spec.md, Errors, gives none: pass null). */
export const validationFailed = (message: string, details?: ErrorDetail[], code: string | null = 'validation_failed') =>
  appError(400, message, { code: code ?? undefined, details });

/** 401, 403 and 404 always carry a code: the one given, else the stable one for the message (./stable-codes.ts). */
export const unauthorized = (message: string, code?: string) =>
  appError(401, message, { code: code ?? stableErrorCode(401, message) });

/** 402: a card was refused (the pay step and billing). */
export const paymentRequired = (message: string, code: string) => appError(402, message, { code });

export const forbidden = (message: string, code?: string) =>
  appError(403, message, { code: code ?? stableErrorCode(403, message) });

/** 403 `business_forbidden`: a role that may not act, or a paused workspace. */
export const businessForbidden = (message: string) => appError(403, message, { code: 'business_forbidden' });

export const notFound = (message: string = MESSAGES.notFound, code?: string) =>
  appError(404, message, { code: code ?? stableErrorCode(404, message) });

/** 404 for a path no route answers (gateway and services alike). */
export const routeNotFound = () => notFound(MESSAGES.notFound, 'route_not_found');

export const conflict = (message: string, code?: string, extra?: Extra) => appError(409, message, { code, extra });

export const payloadTooLarge = () => appError(413, 'Request body is too large', { code: 'payload_too_large' });

export const tooManyRequests = (message: string, code?: string) => appError(429, message, { code });

/** 500 with a message of our own (the error handler logs it; the body still says what failed). */
export const internalError = (message: string, code?: string) => appError(500, message, { code });

/** 502: a service we depend on (processor, mail) refused or could not be reached. */
export const badGateway = (message: string, code?: string) => appError(502, message, { code });

/** 503 `service_unavailable`: nothing was done, and the same request may be sent again shortly. */
export const serviceUnavailable = (message: string) => appError(503, message, { code: 'service_unavailable' });

/** For a status passed through from elsewhere (the processor emulator mirrors Stripe's). */
export const errorWithStatus = (status: number, message: string, code?: string, extra?: Extra) =>
  appError(status, message, { code, extra });
