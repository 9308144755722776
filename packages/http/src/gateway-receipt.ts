import type { Context } from 'koa';

/**
 * How long (ms) the gateway held a request before forwarding it: authentication, the rate limit,
 * reading the body, and any wait while the service restarted. A bound promised to the caller ("a
 * cancel answers within 10 s") counts from the gateway's receipt, which is as close to the caller
 * as the service can see, not from the service's own.
 *
 * A duration, not a time of day, so the gateway's and the service's clocks need not agree. The
 * gateway always sets it (a caller's own value is replaced); a service reached some other way
 * without it counts from its own receipt.
 */
export const GATEWAY_ELAPSED_HEADER = 'x-groupsplit-gateway-elapsed-ms';

/** A value above this is not believed: no gateway holds a request this long (its restart wait is 8 s). */
const MAX_GATEWAY_ELAPSED_MS = 60_000;

/** The header the gateway forwards: the time since its requestLogger saw the request. */
export function gatewayElapsedHeader(ctx: Context, now = Date.now()): Record<string, string> {
  const receivedAt = (ctx.state.receivedAt as number | undefined) ?? now;
  return { [GATEWAY_ELAPSED_HEADER]: String(Math.max(0, now - receivedAt)) };
}

/**
 * When the request reached the gateway, on this process's clock (epoch ms): this service's receipt
 * (requestLogger) less what the gateway reports it spent. The hop between them is not counted.
 */
export function receivedAtGateway(ctx: Context): number {
  const receivedHere = (ctx.state.receivedAt as number | undefined) ?? Date.now();
  const reported = Number(ctx.get(GATEWAY_ELAPSED_HEADER));
  const elapsed = Number.isInteger(reported) && reported >= 0 && reported <= MAX_GATEWAY_ELAPSED_MS ? reported : 0;
  return receivedHere - elapsed;
}
