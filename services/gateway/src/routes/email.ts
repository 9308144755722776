import { rulesOf } from './rule';
import type { RouteRule } from './types';

const rule = rulesOf('merchants');

/** E-mail links opened from a mailbox: the signed token in the link is the credential. */
export const emailRoutes: RouteRule[] = [
  // GET is the link itself; POST serves mail clients' one-click (RFC 8058) unsubscribe.
  rule('GET /api/email/unsubscribe', 'none'),
  rule('POST /api/email/unsubscribe', 'none'),
];
