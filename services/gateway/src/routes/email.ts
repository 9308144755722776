import type { RouteRule } from './types';

/** E-mail links opened from a mailbox: the signed token in the link is the credential. */
export const emailRoutes: RouteRule[] = [
  // GET is the link itself; POST serves mail clients' one-click (RFC 8058) unsubscribe.
  { method: 'GET', path: '/api/email/unsubscribe', target: 'merchants', auth: 'none' },
  { method: 'POST', path: '/api/email/unsubscribe', target: 'merchants', auth: 'none' },
];
