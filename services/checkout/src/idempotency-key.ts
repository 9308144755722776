import { badRequest, conflict, sha256Hex } from '@groupsplit/shared';
import type { Context } from 'koa';

/**
 * The `Idempotency-Key` request header, as Stripe's clients send it: session create reads it
 * (docs/hosted-checkout.md, "Idempotency-Key"), so does the dashboard's split create
 * (docs/splits.md, "Retrying a create"), and so does the server refund when its body carries no
 * `idempotency_key` (docs/refunds.md). One rule for every route.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that repeats an earlier request's result, as Stripe does. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_HEADER_MESSAGE = 'Idempotency-Key must be 1 to 255 characters';

/** The header's value, undefined when absent or empty; 400 when it is only spaces or over 255 characters. */
export function idempotencyKeyHeader(ctx: Pick<Context, 'get'>): string | undefined {
  const header = ctx.get(IDEMPOTENCY_HEADER);
  if (header === '') return undefined;
  if (header.trim().length === 0 || header.length > 255) {
    throw badRequest(IDEMPOTENCY_HEADER_MESSAGE, 'invalid_idempotency_key');
  }
  return header;
}

/** How long a create's key is remembered, as Stripe does: a retry after that is a new request. */
export const IDEMPOTENCY_REMEMBERED_HOURS = 24;

/** Same JSON in any key order is the same body. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** What a keyed create remembers of its body, to tell a retry from a different request with the same key. */
export const requestHash = (body: unknown) => sha256Hex(JSON.stringify(canonical(body ?? {})));

export const IDEMPOTENCY_REUSED_MESSAGE = 'This Idempotency-Key was already used with a different request body';
export const reusedKey = () => conflict(IDEMPOTENCY_REUSED_MESSAGE, 'idempotency_key_reused');
