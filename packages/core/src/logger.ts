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

/** Field names whose values are credentials: sign-in codes, tokens (session, pay, checkout), keys and secrets. */
const SECRET_FIELDS = [
  'password',
  'secret',
  'webhook_secret',
  'api_key',
  'apiKey',
  'key',
  'token',
  'access_token',
  'accessToken',
  'pay_token',
  'payToken',
  'client_secret',
  'clientSecret',
  'payment_method',
  'code',
  'signed_url',
  'signedUrl',
  'image_url',
  'imageUrl',
];

/**
 * Keys whose values must never reach a log line: at the top level of a line (`log.warn({ token })`)
 * and nested one level down (`{ session: { token } }`), plus the credential headers.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-merchant-api-key"]',
  'req.headers.cookie',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
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
      // A child logger may already carry a context field (ctx.log binds requestId): pino writes
      // bindings and mixin fields side by side, so a key in both would appear twice in the line.
      mixin: (_fields, _level, instance) => contextNotBoundIn(instance),
      serializers: { err: serializeError },
      base: { service },
    },
    destination,
  );
}

function contextNotBoundIn(instance: pino.Logger): LogContext {
  const bound = instance.bindings();
  return Object.fromEntries(Object.entries(currentLogContext()).filter(([key]) => !(key in bound)));
}

/**
 * pino's error serializer, with each stack frame once: kysely appends the calling query's
 * frames to a database error's stack, and with Node's async stack traces those are the same
 * frames again.
 */
function serializeError(error: Error) {
  const serialized = pino.stdSerializers.err(error);
  if (typeof serialized?.stack !== 'string') return serialized;
  const seen = new Set<string>();
  serialized.stack = serialized.stack
    .split('\n')
    .filter((line) => {
      if (!line.trimStart().startsWith('at ')) return true;
      if (seen.has(line)) return false;
      seen.add(line);
      return true;
    })
    .join('\n');
  return serialized;
}

export type Logger = pino.Logger;
