import { badRequest } from '@groupsplit/shared';
import type { Context } from 'koa';

/**
 * The `Idempotency-Key` request header, as Stripe's clients send it: session create reads it
 * (docs/hosted-checkout.md, "Idempotency-Key"), and so does the server refund when its body carries no
 * `idempotency_key` (docs/refunds.md). One rule for both routes.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
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
