import { isUuid } from '@groupsplit/core';

/** Processor object ids (pi_…, acct_…): references, not credentials. */
const PROCESSOR_ID = /^(pi|ch|re|acct|cus|pm|evt|fee|fr|seti|src|txn|po|tr|py|dp|du)_[A-Za-z0-9]+$/;
const MIN_TOKEN_LENGTH = 16;

/**
 * A request path fit for a log line. Pay links, checkout sessions and invitations carry their
 * credential in the path, so any long segment that is neither a uuid nor a processor id is
 * replaced; ids stay, so a line can still be tied to its split.
 */
export function loggablePath(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      segment.length >= MIN_TOKEN_LENGTH && !isUuid(segment) && !PROCESSOR_ID.test(segment) ? '[redacted]' : segment,
    )
    .join('/');
}

/**
 * A URL fit for a log line: scheme, host and a loggable path; never its user info, query or
 * fragment, where signed URLs (image hosts, storage links) carry their signatures and tokens.
 */
export function loggableUrl(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.protocol}//${url.host}${loggablePath(url.pathname)}${url.search ? '?[redacted]' : ''}`;
  } catch {
    return '[unparseable URL]';
  }
}
