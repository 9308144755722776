import { isUuid, type SplitListPosition } from '@groupsplit/shared';

/**
 * The list's cursors (docs/splits.md, "Listing"): a split's place in the walk, (created_at to the
 * microsecond, id), as base64url JSON. Opaque to callers: they pass `next_cursor` / `previous_cursor`
 * back as they came. It names no other business's split: it is only a position, and every page is
 * still read within the caller's business.
 */
const CREATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(position: SplitListPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

/** The position a cursor names, or null when the text is not a cursor this list made. */
export function decodeCursor(cursor: string): SplitListPosition | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value;
    if (typeof createdAt !== 'string' || !CREATED_AT.test(createdAt)) return null;
    // A real instant (no 30 February): Postgres would refuse it with an error rather than a 400.
    const parsed = new Date(`${createdAt.slice(0, 23)}Z`);
    if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 23) !== createdAt.slice(0, 23)) return null;
    if (!isUuid(id)) return null;
    return { createdAt, id: id.toLowerCase() };
  } catch {
    return null;
  }
}
