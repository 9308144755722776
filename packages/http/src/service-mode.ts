import { badRequest } from '@groupsplit/core';
import type { Context } from 'koa';

export type ServiceMode = 'test' | 'live';
export const SERVICE_MODE_HEADER = 'x-service-mode';

/**
 * The mode a session call reads or changes credentials, gates and billing for. Absent means
 * live; a value other than test or live is refused rather than silently treated as live.
 */
export function serviceMode(ctx: Pick<Context, 'get'>): ServiceMode {
  const value = ctx.get(SERVICE_MODE_HEADER).trim().toLowerCase();
  if (value === '' || value === 'live') return 'live';
  if (value === 'test') return 'test';
  throw badRequest('X-Service-Mode must be test or live', 'invalid_service_mode');
}

/** The response header that warns a keyed call its X-Service-Mode was not the key's mode (set by the gateway). */
export const SERVICE_MODE_WARNING_HEADER = 'x-service-mode-warning';

type ModeCaller = { kind: string; mode?: 'test' | 'live' } | undefined;

/**
 * A keyed call whose X-Service-Mode names the other mode: the key decides the mode of a keyed
 * call (docs/errors.md, "Request id, docs link and hint"), so the header was ignored. The warning, or undefined.
 */
export function keyModeWarning(principal: ModeCaller, sentMode: string): string | undefined {
  const sent = sentMode.trim().toLowerCase();
  if (principal?.kind !== 'api_key' || !principal.mode || (sent !== 'test' && sent !== 'live')) return undefined;
  if (sent === principal.mode) return undefined;
  return `This is a ${principal.mode} API key, so the call ran in ${principal.mode} mode: the key decides the mode and X-Service-Mode: ${sent} was ignored.`;
}

/**
 * The session routes whose answers depend on X-Service-Mode: the business's own (/api/merchants/…)
 * and the splits list, create and insights. A buyer's routes (paying, a seat, a split's detail) have no mode.
 */
const MODE_PATHS = [/^\/api\/merchants(\/|$)/, /^\/api\/checkout-splits(\/insights)?$/];

/**
 * The hint an error of the whole call carries about its mode (docs/errors.md, "Request id, docs link and hint"): a signed-in
 * (bearer) call without X-Service-Mode to a route with a mode is told which mode was assumed; a keyed
 * call told the other mode is told the key decided. Undefined when there is nothing to say.
 */
export function callModeHint(principal: ModeCaller, sentMode: string, path: string): string | undefined {
  if (principal?.kind === 'session' && sentMode.trim() === '' && MODE_PATHS.some((mode) => mode.test(path))) {
    return 'No X-Service-Mode header was sent, so live mode was assumed; send X-Service-Mode: test for test mode.';
  }
  return keyModeWarning(principal, sentMode);
}
