import { createHash } from 'node:crypto';
import { z } from 'zod';

/**
 * Every id we hand out is a UUID. Path parameters and headers that carry one are checked
 * here, before they reach SQL (Postgres refuses a malformed uuid with a 500-worthy error).
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);

/** zod schema of one UUID (path parameter, header or body field). */
export const uuidSchema = () => z.string().regex(UUID_PATTERN);

/** `validate('params', idParams('id'), notFound)` for a route like `/splits/:id`. */
export const idParams = <K extends string>(...names: K[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, uuidSchema()])) as Record<K, ReturnType<typeof uuidSchema>>);

/**
 * A UUID derived from a name (RFC 4122 layout, version 5 style), for ids that must come out the
 * same every time the same thing is done (e-mails that must be sent once, however often a step runs).
 */
export function stableUuid(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
