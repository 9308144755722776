import type { Context } from 'koa';
import { badRequest } from '../errors';

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
