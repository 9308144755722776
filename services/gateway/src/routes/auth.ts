import { rulesOf } from './rule';
import type { RouteRule } from './types';

const rule = rulesOf('merchants');

export const authRoutes: RouteRule[] = [
  rule('POST /api/auth/email/start', 'none', { bucket: 'sign_in' }),
  rule('POST /api/auth/email/verify', 'none', { bucket: 'sign_in' }),
  // docs/security.md, "Sessions that survive a reload": the only route a cookie authenticates.
  rule('POST /api/auth/session/refresh', 'refresh_cookie', { bucket: 'session_refresh' }),
  rule('* /api/auth/**', 'session_no_consent'),
];
