import { rulesOf } from './rule';
import type { RouteRule } from './types';

const rules = rulesOf('merchants');

/** E-mail links opened from a mailbox: the signed token in the link is the credential. */
export const emailRoutes: RouteRule[] = rules(
  // GET is the link itself; POST serves mail clients' one-click (RFC 8058) unsubscribe.
  ['GET /api/email/unsubscribe', 'POST /api/email/unsubscribe'],
  'none',
);
