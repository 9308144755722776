import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';

export type LogContext = { requestId?: string; splitId?: string; workflowId?: string };

const context = new AsyncLocalStorage<LogContext>();

/** Runs fn with fields that every log line written inside it will carry. */
export function withLogContext<T>(fields: LogContext, fn: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, fn);
}

export function currentLogContext(): LogContext {
  return context.getStore() ?? {};
}

/** Keys whose values must never reach a log line, wherever they are nested. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-merchant-api-key"]',
  'req.headers.cookie',
  '*.password',
  '*.secret',
  '*.webhook_secret',
  '*.api_key',
  '*.key',
  '*.token',
  '*.access_token',
  '*.client_secret',
  '*.payment_method',
  '*.code',
];

export function createLogger(
  service: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination?: pino.DestinationStream,
) {
  return pino(
    {
      name: service,
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      mixin: () => ({ ...currentLogContext() }),
      base: { service },
    },
    destination,
  );
}

export type Logger = pino.Logger;
